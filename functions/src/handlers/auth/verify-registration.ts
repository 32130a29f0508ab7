import { verifyRegistration } from '../../domain/account/mail-flows';
import { httpHandler } from '../../adapters/http-handler';
import { verifyRegistrationRoute } from '@golf/shared/routes/account';

export const handler = httpHandler(verifyRegistrationRoute, async ({ params, now }) =>
  verifyRegistration(params.token, now),
);
