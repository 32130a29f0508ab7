import { publishQuiz } from '../../domain/quiz/quiz-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('publishQuiz', async ({ body, now }) => publishQuiz(body, now));
