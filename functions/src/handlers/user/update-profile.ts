import { updateProfile } from '../../domain/account/profile-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('updateUserProfile', async ({ body, files, auth, now }) =>
  updateProfile(auth.userId, body, files['profile_img'], now),
);
