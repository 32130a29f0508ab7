import type { UserMeResponse } from '@golf/shared/schemas/account';
import { acceptPolicy } from '../../domain/account/account-service';
import { httpHandler } from '../../adapters/http-handler';
import { acceptUserPolicyRoute } from '@golf/shared/routes/account';

export const handler = httpHandler(acceptUserPolicyRoute, async ({ auth, now }): Promise<UserMeResponse> =>
  acceptPolicy(auth.userId, now),
);
