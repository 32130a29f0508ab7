import { rankingPerPageDefault } from '@golf/shared/schemas/ranking';
import { quizRankingPage } from '../../domain/ranking/ranking-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('getQuizRanking', async ({ query, now }) =>
  quizRankingPage({ ...query, perPage: rankingPerPageDefault }, now),
);
