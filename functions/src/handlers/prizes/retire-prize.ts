import { retirePrize } from '../../domain/prize/prize-setup-service';
import { httpHandler } from '../../adapters/http-handler';
import { retirePrizeRoute } from '@golf/shared/routes/prizes';

export const handler = httpHandler(retirePrizeRoute, ({ body, auth, now }) =>
  retirePrize(body, { operatorId: auth.userId, now }),
);
