import { ownRanking } from '../../domain/ranking/read/ranking-read';
import { httpHandler } from '../../adapters/http-handler';
import { getOwnRankingRoute } from '@golf/shared/routes/ranking';

export const handler = httpHandler(getOwnRankingRoute, async ({ query, auth, now }) =>
  ownRanking(auth.userId, query, now),
);
