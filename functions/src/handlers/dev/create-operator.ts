import { createDevOperatorRoute } from '@golf/shared/routes/dev';
import { httpHandler } from '../../adapters/http-handler';
import { makeOperator } from '../../domain/account/operators';

/** Makes a registered player an operator of the local stack. Never deployed (localOnly in the route table). */
export const handler = httpHandler(createDevOperatorRoute, async ({ body }) => makeOperator(body.email));
