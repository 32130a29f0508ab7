import { ownQuizRanking } from '../../domain/ranking/ranking-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('getOwnQuizRanking', async ({ query, auth, now }) =>
  ownQuizRanking(auth.userId, query, now),
);
