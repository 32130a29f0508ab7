import { signIn } from '../../domain/account/account-service';
import { httpHandler } from '../../adapters/http-handler';
import { createAuthTokenRoute } from '@golf/shared/routes/account';

export const handler = httpHandler(createAuthTokenRoute, async ({ body, now, sourceIp }) =>
  signIn(body.email, body.password, now, sourceIp),
);
