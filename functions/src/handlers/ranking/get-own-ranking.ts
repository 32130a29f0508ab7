import { ownRankingQuerySchema } from '@golf/shared/schemas/ranking';
import { ownRanking } from '../../domain/ranking/ranking-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler(
  'getOwnRanking',
  { query: ownRankingQuerySchema },
  async ({ query, auth, now }) => ownRanking(auth.userId, query, now),
);
