import { startEmailChange } from '../../domain/account/mail-flows';
import { httpHandler, HttpResponse } from '../../lib/http-handler';

export const handler = httpHandler(
  'startEmailChange',
  async ({ body, auth, sourceIp, now }) =>
    new HttpResponse(202, await startEmailChange(auth.userId, body.email, sourceIp, now)),
);
