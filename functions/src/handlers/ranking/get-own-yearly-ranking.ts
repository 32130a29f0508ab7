import { ownYearlyRanking } from '../../domain/ranking/ranking-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('getOwnYearlyRanking', async ({ auth, now }) =>
  ownYearlyRanking(auth.userId, now),
);
