import { startQuiz } from '../../domain/quiz/quiz-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('startQuiz', async ({ auth, now }) => startQuiz(auth.userId, now));
