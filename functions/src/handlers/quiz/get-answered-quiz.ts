import { answeredQuiz } from '../../domain/quiz/quiz-service';
import { httpHandler } from '../../adapters/http-handler';
import { getAnsweredQuizRoute } from '@golf/shared/routes/quiz';

export const handler = httpHandler(getAnsweredQuizRoute, async ({ auth, query, now }) =>
  answeredQuiz(auth.userId, query, now),
);
