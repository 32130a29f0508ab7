import { rankingPage } from '../../domain/ranking/read/ranking-read';
import { httpHandler } from '../../adapters/http-handler';
import { getPersonalRankingRoute } from '@golf/shared/routes/ranking';

export const handler = httpHandler(getPersonalRankingRoute, async ({ query, now }) =>
  rankingPage(query, now),
);
