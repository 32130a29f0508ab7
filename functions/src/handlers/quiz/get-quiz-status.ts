import { quizStatus } from '../../domain/quiz/quiz-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('getQuizStatus', async ({ auth, now }) => quizStatus(auth.userId, now));
