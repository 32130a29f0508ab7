import { importResultsAction } from '../../domain/ops/import-actions';
import { httpHandler } from '../../adapters/http-handler';
import { importResultsRoute } from '@golf/shared/routes/game';

export const handler = httpHandler(importResultsRoute, ({ body, auth, now }) =>
  importResultsAction(body, { operatorId: auth.userId, now }),
);
