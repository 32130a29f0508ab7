import { toggleCopyNextRound } from '../../domain/account/account-service';
import { httpHandler } from '../../adapters/http-handler';
import { toggleUserCopyNextRoundRoute } from '@golf/shared/routes/account';

export const handler = httpHandler(toggleUserCopyNextRoundRoute, async ({ auth, now }) =>
  toggleCopyNextRound(auth.userId, now),
);
