import { changePassword } from '../../domain/account/mail-flows';
import { httpHandler } from '../../adapters/http-handler';
import { changePasswordRoute } from '@golf/shared/routes/account';

export const handler = httpHandler(changePasswordRoute, async ({ body, auth, sourceIp, now }) =>
  changePassword(auth, body, sourceIp, now),
);
