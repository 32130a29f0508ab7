import { signIn } from '../../domain/account/account-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('createAuthToken', async ({ body, now, sourceIp }) =>
  signIn(body.email, body.password, now, sourceIp),
);
