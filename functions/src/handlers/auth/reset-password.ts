import { resetPassword } from '../../domain/account/mail-flows';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('resetPassword', async ({ body, now }) => resetPassword(body, now));
