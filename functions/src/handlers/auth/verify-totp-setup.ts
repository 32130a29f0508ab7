import { verifyTotpSetup } from '../../domain/account/second-factor';
import { httpHandler } from '../../adapters/http-handler';
import { bearerToken } from '../../lib/auth';
import { verifyTotpSetupRoute } from '@golf/shared/routes/account';

export const handler = httpHandler(verifyTotpSetupRoute, async ({ auth, body, event, now }) =>
  verifyTotpSetup(auth, bearerToken(event.headers) ?? '', body.code, now),
);
