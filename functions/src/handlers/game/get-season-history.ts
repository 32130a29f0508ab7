import { seasonHistory } from '../../domain/ranking/season-history';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('getSeasonHistory', async ({ query, auth, now }) =>
  seasonHistory(auth.userId, query, now),
);
