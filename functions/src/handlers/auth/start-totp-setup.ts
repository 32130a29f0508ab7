import { startTotpSetup } from '../../domain/account/second-factor';
import { httpHandler } from '../../adapters/http-handler';
import { bearerToken } from '../../lib/auth';
import { startTotpSetupRoute } from '@golf/shared/routes/account';

export const handler = httpHandler(startTotpSetupRoute, async ({ auth, event, now }) =>
  startTotpSetup(auth, bearerToken(event.headers) ?? '', now),
);
