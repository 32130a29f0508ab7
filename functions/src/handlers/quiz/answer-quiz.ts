import { quizAnswerBodySchema } from '@golf/shared/schemas/quiz';
import { answerQuiz } from '../../domain/quiz/quiz-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler(
  'answerQuiz',
  { body: quizAnswerBodySchema },
  async ({ auth, body, now }) => answerQuiz(auth.userId, body, now),
);
