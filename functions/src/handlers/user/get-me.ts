import type { UserMeResponse } from '@golf/shared/schemas/account';
import { getMe } from '../../domain/account/account-service';
import { httpHandler } from '../../adapters/http-handler';
import { getUserMeRoute } from '@golf/shared/routes/account';

export const handler = httpHandler(getUserMeRoute, async ({ auth }): Promise<UserMeResponse> =>
  getMe(auth.userId),
);
