import { mailTokenParamsSchema } from '@golf/shared/schemas/account';
import { verifyRegistration } from '../../domain/account/mail-flows';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler(
  'verifyRegistration',
  { params: mailTokenParamsSchema },
  async ({ params, now }) => verifyRegistration(params.token, now),
);
