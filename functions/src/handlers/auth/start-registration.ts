import { startRegistration } from '../../domain/account/mail-flows';
import { httpHandler, HttpResponse } from '../../adapters/http-handler';
import { startRegistrationRoute } from '@golf/shared/routes/account';

export const handler = httpHandler(
  startRegistrationRoute,
  async ({ body, sourceIp, now }) => new HttpResponse(202, await startRegistration(body, sourceIp, now)),
);
