import { userEmail } from '../../domain/account/mail-flows';
import { httpHandler } from '../../adapters/http-handler';
import { getUserEmailRoute } from '@golf/shared/routes/account';

export const handler = httpHandler(getUserEmailRoute, async ({ auth }) => userEmail(auth.userId));
