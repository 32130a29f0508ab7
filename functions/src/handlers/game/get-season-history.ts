import { seasonHistory } from '../../domain/ranking/io/season-history';
import { httpHandler } from '../../adapters/http-handler';
import { getSeasonHistoryRoute } from '@golf/shared/routes/game';

export const handler = httpHandler(getSeasonHistoryRoute, async ({ query, auth, now }) =>
  seasonHistory(auth.userId, query, now),
);
