import { profileFormSchema } from '@golf/shared/schemas/account';
import { confirmProfile } from '../../domain/account/profile-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler(
  'confirmUserProfile',
  { body: profileFormSchema },
  async ({ body, files, auth }) => confirmProfile(auth.userId, body, files['profile_img']),
);
