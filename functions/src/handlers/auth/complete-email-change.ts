import { completeEmailChange } from '../../domain/account/mail-flows';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('completeEmailChange', async ({ body, now }) =>
  completeEmailChange(body, now),
);
