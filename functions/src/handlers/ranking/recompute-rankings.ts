import { rankingsChanged } from '../../domain/ranking/job/rankings-changed';
import { resolveTournament } from '../../domain/game/tournament-context';
import { httpHandler } from '../../adapters/http-handler';
import { recomputeRankingsRoute } from '@golf/shared/routes/ranking';

export const handler = httpHandler(recomputeRankingsRoute, async ({ body, now }) =>
  rankingsChanged((await resolveTournament(body.game_global_id, now)).game_global_id, now),
);
