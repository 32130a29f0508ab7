import { signInWithProvider } from '../../domain/account/social-service';
import { httpHandler } from '../../adapters/http-handler';
import { createSocialTokenRoute } from '@golf/shared/routes/account';

export const handler = httpHandler(createSocialTokenRoute, async ({ params, body, now }) =>
  signInWithProvider(params.provider, body, now),
);
