import { answeredQuiz } from '../../domain/quiz/quiz-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('getAnsweredQuiz', async ({ auth, query, now }) =>
  answeredQuiz(auth.userId, query, now),
);
