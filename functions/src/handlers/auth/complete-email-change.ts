import { completeEmailChange } from '../../domain/account/mail-flows';
import { httpHandler } from '../../adapters/http-handler';
import { completeEmailChangeRoute } from '@golf/shared/routes/account';

export const handler = httpHandler(completeEmailChangeRoute, async ({ body, now }) =>
  completeEmailChange(body, now),
);
