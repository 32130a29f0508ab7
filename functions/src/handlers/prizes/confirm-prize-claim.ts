import { confirmPrizeClaim } from '../../domain/prize/prize-claim-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('confirmPrizeClaim', async ({ body, auth, now }) =>
  confirmPrizeClaim(auth.userId, body.id, body.email, now),
);
