import { emailChangeBodySchema } from '@golf/shared/schemas/account';
import { completeEmailChange } from '../../domain/account/mail-flows';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler(
  'completeEmailChange',
  { body: emailChangeBodySchema },
  async ({ body, now }) => completeEmailChange(body, now),
);
