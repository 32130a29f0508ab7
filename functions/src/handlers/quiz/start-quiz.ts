import { startQuiz } from '../../domain/quiz/quiz-service';
import { httpHandler } from '../../adapters/http-handler';
import { startQuizRoute } from '@golf/shared/routes/quiz';

export const handler = httpHandler(startQuizRoute, async ({ auth, now }) => startQuiz(auth.userId, now));
