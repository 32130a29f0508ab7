import { savePrizeWithCommitment } from '../../domain/prize/prize-with-commitment';
import { httpHandler } from '../../adapters/http-handler';
import { savePrizeRoute } from '@golf/shared/routes/prizes';

export const handler = httpHandler(savePrizeRoute, ({ body, auth, now }) =>
  savePrizeWithCommitment(body, { operatorId: auth.userId, now }),
);
