import { createDevOpsCliSessionRoute } from '@golf/shared/routes/dev';
import { httpHandler } from '../../adapters/http-handler';
import { recordLocalCliSession } from '../../domain/account/second-factor';

/** The local CLI's operator session. Never deployed (localOnly in the route table). */
export const handler = httpHandler(createDevOpsCliSessionRoute, async ({ auth }) =>
  recordLocalCliSession(auth),
);
