import { rankingPage } from '../../domain/ranking/ranking-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('getPersonalRanking', async ({ query, now }) => rankingPage(query, now));
