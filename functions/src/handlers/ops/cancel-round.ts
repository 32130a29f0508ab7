import { cancelRoundAction } from '../../domain/ops/results-actions';
import { httpHandler } from '../../adapters/http-handler';
import { cancelRoundRoute } from '@golf/shared/routes/game';

export const handler = httpHandler(cancelRoundRoute, ({ body, auth, now }) =>
  cancelRoundAction(body, { operatorId: auth.userId, now }),
);
