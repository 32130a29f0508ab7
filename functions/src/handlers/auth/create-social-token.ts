import { signInWithProvider } from '../../domain/account/social-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('createSocialToken', async ({ params, body, now }) =>
  signInWithProvider(params.provider, body, now),
);
