import { ownYearlyRanking } from '../../domain/ranking/read/ranking-read';
import { httpHandler } from '../../adapters/http-handler';
import { getOwnYearlyRankingRoute } from '@golf/shared/routes/ranking';

export const handler = httpHandler(getOwnYearlyRankingRoute, async ({ auth, now }) =>
  ownYearlyRanking(auth.userId, now),
);
