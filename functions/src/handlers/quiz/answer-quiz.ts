import { answerQuiz } from '../../domain/quiz/quiz-service';
import { httpHandler } from '../../adapters/http-handler';
import { answerQuizRoute } from '@golf/shared/routes/quiz';

export const handler = httpHandler(answerQuizRoute, async ({ auth, body, now }) =>
  answerQuiz(auth.userId, body, now),
);
