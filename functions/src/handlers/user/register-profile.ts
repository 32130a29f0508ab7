import { registerProfile } from '../../domain/account/profile-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('registerUserProfile', async ({ body, files, auth, now }) =>
  registerProfile(auth.userId, body, files['profile_img'], now),
);
