import { activeQuestion } from '../../domain/quiz/quiz-service';
import { httpHandler } from '../../adapters/http-handler';
import { getActiveQuizRoute } from '@golf/shared/routes/quiz';

export const handler = httpHandler(getActiveQuizRoute, async ({ auth, now }) =>
  activeQuestion(auth.userId, now),
);
