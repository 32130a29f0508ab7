import type { TournamentScore } from '@golf/shared/schemas/schedule';
import { tournamentScore } from '../../domain/schedule/tournament-score';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('getTournamentScore', async ({ query, now }): Promise<TournamentScore> =>
  tournamentScore(query.game_global_id, now),
);
