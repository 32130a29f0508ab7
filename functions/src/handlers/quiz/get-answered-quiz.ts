import { quizAnsweredQuerySchema } from '@golf/shared/schemas/quiz';
import { answeredQuiz } from '../../domain/quiz/quiz-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler(
  'getAnsweredQuiz',
  { query: quizAnsweredQuerySchema },
  async ({ auth, query, now }) => answeredQuiz(auth.userId, query, now),
);
