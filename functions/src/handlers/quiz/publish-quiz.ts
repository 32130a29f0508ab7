import { publishQuiz } from '../../domain/quiz/quiz-service';
import { httpHandler } from '../../adapters/http-handler';
import { publishQuizRoute } from '@golf/shared/routes/quiz';

export const handler = httpHandler(publishQuizRoute, async ({ body, now }) => publishQuiz(body, now));
