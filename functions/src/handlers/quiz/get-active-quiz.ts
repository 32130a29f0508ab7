import { activeQuestion } from '../../domain/quiz/quiz-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('getActiveQuiz', async ({ auth, now }) =>
  activeQuestion(auth.userId, now),
);
