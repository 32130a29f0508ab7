import { answerQuiz } from '../../domain/quiz/quiz-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('answerQuiz', async ({ auth, body, now }) =>
  answerQuiz(auth.userId, body, now),
);
