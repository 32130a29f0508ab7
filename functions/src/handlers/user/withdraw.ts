import { withdraw } from '../../domain/account/profile-service';
import { httpHandler } from '../../adapters/http-handler';
import { withdrawUserRoute } from '@golf/shared/routes/account';

export const handler = httpHandler(withdrawUserRoute, async ({ body, auth, now }) =>
  withdraw(auth, body, now),
);
