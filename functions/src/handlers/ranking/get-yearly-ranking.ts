import { yearlyRankingPage } from '../../domain/ranking/ranking-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('getYearlyRanking', async ({ query, now }) =>
  yearlyRankingPage(query, now),
);
