import { rankingStatus } from '../../domain/ranking/ranking-status';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('getRankingStatus', async ({ query, now }) =>
  rankingStatus(query.game_global_id, now),
);
