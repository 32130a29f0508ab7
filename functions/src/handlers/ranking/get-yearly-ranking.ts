import { yearlyRankingQuerySchema } from '@golf/shared/schemas/ranking';
import { yearlyRankingPage } from '../../domain/ranking/ranking-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler(
  'getYearlyRanking',
  { query: yearlyRankingQuerySchema },
  async ({ query, now }) => yearlyRankingPage(query, now),
);
