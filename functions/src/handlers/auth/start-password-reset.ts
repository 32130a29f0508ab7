import { startPasswordReset } from '../../domain/account/mail-flows';
import { httpHandler, HttpResponse } from '../../adapters/http-handler';
import { startPasswordResetRoute } from '@golf/shared/routes/account';

export const handler = httpHandler(
  startPasswordResetRoute,
  async ({ body, sourceIp, now }) =>
    new HttpResponse(202, await startPasswordReset(body.email, sourceIp, now)),
);
