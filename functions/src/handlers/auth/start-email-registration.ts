import { startEmailRegistration } from '../../domain/account/mail-flows';
import { httpHandler, HttpResponse } from '../../lib/http-handler';

export const handler = httpHandler(
  'startEmailRegistration',
  async ({ body, auth, sourceIp, now }) =>
    new HttpResponse(202, await startEmailRegistration(auth.userId, body.email, sourceIp, now)),
);
