import { updateProfile } from '../../domain/account/profile-service';
import { httpHandler } from '../../adapters/http-handler';
import { updateUserProfileRoute } from '@golf/shared/routes/account';

export const handler = httpHandler(updateUserProfileRoute, async ({ body, files, auth, now }) =>
  updateProfile(auth.userId, body, files['profile_img'], now),
);
