import { claimPrize } from '../../domain/prize/prize-claim-service';
import { httpHandler, HttpResponse } from '../../adapters/http-handler';
import { claimPrizeRoute } from '@golf/shared/routes/prizes';

export const handler = httpHandler(
  claimPrizeRoute,
  async ({ body, auth, now }) =>
    new HttpResponse(201, await claimPrize(auth.userId, body.id, body.email, now)),
);
