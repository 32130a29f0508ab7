import { rankingStatusQuerySchema } from '@golf/shared/schemas/ranking';
import { rankingStatus } from '../../domain/ranking/ranking-status';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler(
  'getRankingStatus',
  { query: rankingStatusQuerySchema },
  async ({ query, now }) => rankingStatus(query.game_global_id, now),
);
