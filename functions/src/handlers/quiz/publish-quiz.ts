import { publishQuizBodySchema } from '@golf/shared/schemas/quiz';
import { publishQuiz } from '../../domain/quiz/quiz-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('publishQuiz', { body: publishQuizBodySchema }, async ({ body, now }) =>
  publishQuiz(body, now),
);
