import { confirmProfile } from '../../domain/account/profile-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('confirmUserProfile', async ({ body, files, auth }) =>
  confirmProfile(auth.userId, body, files['profile_img']),
);
