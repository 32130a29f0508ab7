import { rankingPerPageDefault } from '@golf/shared/schemas/ranking';
import { quizRankingPage } from '../../domain/ranking/read/ranking-read';
import { httpHandler } from '../../adapters/http-handler';
import { getQuizRankingRoute } from '@golf/shared/routes/ranking';

export const handler = httpHandler(getQuizRankingRoute, async ({ query, now }) =>
  quizRankingPage({ ...query, perPage: rankingPerPageDefault }, now),
);
