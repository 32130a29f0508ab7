import { rankingStatus } from '../../domain/ranking/job/ranking-status';
import { httpHandler } from '../../adapters/http-handler';
import { getRankingStatusRoute } from '@golf/shared/routes/ranking';

export const handler = httpHandler(getRankingStatusRoute, async ({ query, now }) =>
  rankingStatus(query.game_global_id, now),
);
