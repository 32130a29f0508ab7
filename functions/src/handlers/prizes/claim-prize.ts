import { claimPrize } from '../../domain/prize/prize-claim-service';
import { httpHandler, HttpResponse } from '../../lib/http-handler';

export const handler = httpHandler(
  'claimPrize',
  async ({ body, auth, now }) =>
    new HttpResponse(201, await claimPrize(auth.userId, body.id, body.email, now)),
);
