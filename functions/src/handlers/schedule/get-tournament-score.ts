import type { TournamentScore } from '@golf/shared/schemas/schedule';
import { tournamentScore } from '../../domain/schedule/tournament-score';
import { httpHandler } from '../../adapters/http-handler';
import { getTournamentScoreRoute } from '@golf/shared/routes/schedule';

export const handler = httpHandler(
  getTournamentScoreRoute,
  async ({ query, now }): Promise<TournamentScore> => tournamentScore(query.game_global_id, now),
);
