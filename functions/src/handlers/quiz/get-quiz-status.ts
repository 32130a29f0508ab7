import { quizStatus } from '../../domain/quiz/quiz-service';
import { httpHandler } from '../../adapters/http-handler';
import { getQuizStatusRoute } from '@golf/shared/routes/quiz';

export const handler = httpHandler(getQuizStatusRoute, async ({ auth, now }) => quizStatus(auth.userId, now));
