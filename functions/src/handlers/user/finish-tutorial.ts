import { finishTutorial } from '../../domain/account/account-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('finishUserTutorial', async ({ auth, now }) =>
  finishTutorial(auth.userId, now),
);
