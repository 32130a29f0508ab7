import { startRegistration } from '../../domain/account/mail-flows';
import { httpHandler, HttpResponse } from '../../lib/http-handler';

export const handler = httpHandler(
  'startRegistration',
  async ({ body, sourceIp, now }) => new HttpResponse(202, await startRegistration(body, sourceIp, now)),
);
