import { confirmProfile } from '../../domain/account/profile-service';
import { httpHandler } from '../../adapters/http-handler';
import { confirmUserProfileRoute } from '@golf/shared/routes/account';

export const handler = httpHandler(confirmUserProfileRoute, async ({ body, files, auth }) =>
  confirmProfile(auth.userId, body, files['profile_img']),
);
