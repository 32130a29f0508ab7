import { toggleCopyNextRound } from '../../domain/account/account-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('toggleUserCopyNextRound', async ({ auth, now }) =>
  toggleCopyNextRound(auth.userId, now),
);
