import type { UserMeResponse } from '@golf/shared/schemas/account';
import { getMe } from '../../domain/account/account-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('getUserMe', async ({ auth }): Promise<UserMeResponse> =>
  getMe(auth.userId),
);
