import { confirmPrizeClaim } from '../../domain/prize/prize-claim-service';
import { httpHandler } from '../../adapters/http-handler';
import { confirmPrizeClaimRoute } from '@golf/shared/routes/prizes';

export const handler = httpHandler(confirmPrizeClaimRoute, async ({ body, auth, now }) =>
  confirmPrizeClaim(auth.userId, body.id, body.email, now),
);
