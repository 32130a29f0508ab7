import { startEmailChange } from '../../domain/account/mail-flows';
import { httpHandler, HttpResponse } from '../../adapters/http-handler';
import { startEmailChangeRoute } from '@golf/shared/routes/account';

export const handler = httpHandler(
  startEmailChangeRoute,
  async ({ body, auth, sourceIp, now }) =>
    new HttpResponse(202, await startEmailChange(auth.userId, body.email, sourceIp, now)),
);
