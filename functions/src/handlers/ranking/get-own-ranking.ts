import { ownRanking } from '../../domain/ranking/ranking-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('getOwnRanking', async ({ query, auth, now }) =>
  ownRanking(auth.userId, query, now),
);
