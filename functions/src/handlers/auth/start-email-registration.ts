import { startEmailRegistration } from '../../domain/account/mail-flows';
import { httpHandler, HttpResponse } from '../../adapters/http-handler';
import { startEmailRegistrationRoute } from '@golf/shared/routes/account';

export const handler = httpHandler(
  startEmailRegistrationRoute,
  async ({ body, auth, sourceIp, now }) =>
    new HttpResponse(202, await startEmailRegistration(auth.userId, body.email, sourceIp, now)),
);
