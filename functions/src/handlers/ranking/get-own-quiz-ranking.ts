import { ownRankingQuerySchema } from '@golf/shared/schemas/ranking';
import { ownQuizRanking } from '../../domain/ranking/ranking-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler(
  'getOwnQuizRanking',
  { query: ownRankingQuerySchema },
  async ({ query, auth, now }) => ownQuizRanking(auth.userId, query, now),
);
