import { startPasswordReset } from '../../domain/account/mail-flows';
import { httpHandler, HttpResponse } from '../../lib/http-handler';

export const handler = httpHandler(
  'startPasswordReset',
  async ({ body, sourceIp, now }) =>
    new HttpResponse(202, await startPasswordReset(body.email, sourceIp, now)),
);
