import { checkResetLink } from '../../domain/account/mail-links';
import { httpHandler } from '../../adapters/http-handler';
import { checkPasswordResetLinkRoute } from '@golf/shared/routes/account';

export const handler = httpHandler(checkPasswordResetLinkRoute, async ({ body, now }) =>
  checkResetLink(body.token, now),
);
