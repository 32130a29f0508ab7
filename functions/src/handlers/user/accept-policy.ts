import type { UserMeResponse } from '@golf/shared/schemas/account';
import { acceptPolicy } from '../../domain/account/account-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('acceptUserPolicy', async ({ auth, now }): Promise<UserMeResponse> =>
  acceptPolicy(auth.userId, now),
);
