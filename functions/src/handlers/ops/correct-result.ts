import { correctResultAction } from '../../domain/ops/results-actions';
import { httpHandler } from '../../adapters/http-handler';
import { correctResultRoute } from '@golf/shared/routes/game';

export const handler = httpHandler(correctResultRoute, ({ body, auth, now }) =>
  correctResultAction(body, { operatorId: auth.userId, now }),
);
