import { ownYearlyRanking } from '../../domain/ranking/ranking-service';
import { httpHandler } from '../../adapters/http-handler';
import { getOwnYearlyRankingRoute } from '@golf/shared/routes/ranking';

export const handler = httpHandler(getOwnYearlyRankingRoute, async ({ auth, now }) =>
  ownYearlyRanking(auth.userId, now),
);
