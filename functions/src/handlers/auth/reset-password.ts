import { passwordResetBodySchema } from '@golf/shared/schemas/account';
import { resetPassword } from '../../domain/account/mail-flows';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler(
  'resetPassword',
  { body: passwordResetBodySchema },
  async ({ body, now }) => resetPassword(body, now),
);
