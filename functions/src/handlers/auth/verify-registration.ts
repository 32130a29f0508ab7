import { verifyRegistration } from '../../domain/account/mail-flows';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('verifyRegistration', async ({ params, now }) =>
  verifyRegistration(params.token, now),
);
