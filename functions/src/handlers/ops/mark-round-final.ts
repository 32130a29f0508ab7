import { markRoundFinalAction } from '../../domain/ops/results-actions';
import { httpHandler } from '../../adapters/http-handler';
import { markRoundFinalRoute } from '@golf/shared/routes/game';

export const handler = httpHandler(markRoundFinalRoute, ({ body, auth, now }) =>
  markRoundFinalAction(body, { operatorId: auth.userId, now }),
);
