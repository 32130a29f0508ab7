import { userEmail } from '../../domain/account/mail-flows';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('getUserEmail', async ({ auth }) => userEmail(auth.userId));
