import { savePrize } from '../../domain/prize/prize-setup-service';
import { httpHandler } from '../../adapters/http-handler';
import { savePrizeRoute } from '@golf/shared/routes/prizes';

export const handler = httpHandler(savePrizeRoute, ({ body, auth, now }) =>
  savePrize(body, { operatorId: auth.userId, now }),
);
