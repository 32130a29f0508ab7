import { yearlyRankingPage } from '../../domain/ranking/read/ranking-read';
import { httpHandler } from '../../adapters/http-handler';
import { getYearlyRankingRoute } from '@golf/shared/routes/ranking';

export const handler = httpHandler(getYearlyRankingRoute, async ({ query, now }) =>
  yearlyRankingPage(query, now),
);
