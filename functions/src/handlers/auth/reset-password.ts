import { resetPassword } from '../../domain/account/mail-flows';
import { httpHandler } from '../../adapters/http-handler';
import { resetPasswordRoute } from '@golf/shared/routes/account';

export const handler = httpHandler(resetPasswordRoute, async ({ body, now }) => resetPassword(body, now));
