import { ownQuizRanking } from '../../domain/ranking/read/ranking-read';
import { httpHandler } from '../../adapters/http-handler';
import { getOwnQuizRankingRoute } from '@golf/shared/routes/ranking';

export const handler = httpHandler(getOwnQuizRankingRoute, async ({ query, auth, now }) =>
  ownQuizRanking(auth.userId, query, now),
);
