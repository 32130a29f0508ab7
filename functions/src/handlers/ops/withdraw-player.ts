import { withdrawPlayerAction } from '../../domain/ops/results-actions';
import { httpHandler } from '../../adapters/http-handler';
import { withdrawPlayerRoute } from '@golf/shared/routes/game';

export const handler = httpHandler(withdrawPlayerRoute, ({ body, auth, now }) =>
  withdrawPlayerAction(body, { operatorId: auth.userId, now }),
);
