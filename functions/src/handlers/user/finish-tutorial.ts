import { finishTutorial } from '../../domain/account/account-service';
import { httpHandler } from '../../adapters/http-handler';
import { finishUserTutorialRoute } from '@golf/shared/routes/account';

export const handler = httpHandler(finishUserTutorialRoute, async ({ auth, now }) =>
  finishTutorial(auth.userId, now),
);
