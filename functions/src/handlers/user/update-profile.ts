import { profileFormSchema } from '@golf/shared/schemas/account';
import { updateProfile } from '../../domain/account/profile-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler(
  'updateUserProfile',
  { body: profileFormSchema },
  async ({ body, files, auth, now }) => updateProfile(auth.userId, body, files['profile_img'], now),
);
