import { withdrawalBodySchema } from '@golf/shared/schemas/account';
import { withdraw } from '../../domain/account/profile-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler(
  'withdrawUser',
  { body: withdrawalBodySchema },
  async ({ body, auth, now }) => withdraw(auth, body, now),
);
