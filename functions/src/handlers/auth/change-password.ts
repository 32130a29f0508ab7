import { changePassword } from '../../domain/account/mail-flows';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('changePassword', async ({ body, auth, sourceIp, now }) =>
  changePassword(auth, body, sourceIp, now),
);
