import { personalRankingQuerySchema } from '@golf/shared/schemas/ranking';
import { rankingPage } from '../../domain/ranking/ranking-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler(
  'getPersonalRanking',
  { query: personalRankingQuerySchema },
  async ({ query, now }) => rankingPage(query, now),
);
