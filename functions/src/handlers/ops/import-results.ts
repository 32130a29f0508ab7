import { importResultsAction } from '../../domain/ops/results-import';
import { httpHandler } from '../../adapters/http-handler';
import { importResultsRoute } from '@golf/shared/routes/game';

export const handler = httpHandler(importResultsRoute, ({ body, auth, now }) =>
  importResultsAction(body, { operatorId: auth.userId, now }),
);
