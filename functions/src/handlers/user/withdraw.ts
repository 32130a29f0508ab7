import { withdraw } from '../../domain/account/profile-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('withdrawUser', async ({ body, auth, now }) => withdraw(auth, body, now));
