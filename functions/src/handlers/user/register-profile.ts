import { registerProfile } from '../../domain/account/profile-service';
import { httpHandler } from '../../adapters/http-handler';
import { registerUserProfileRoute } from '@golf/shared/routes/account';

export const handler = httpHandler(registerUserProfileRoute, async ({ body, files, auth, now }) =>
  registerProfile(auth.userId, body, files['profile_img'], now),
);
