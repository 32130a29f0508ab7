import { socialProviderParamsSchema, socialTokenBodySchema } from '@golf/shared/schemas/social';
import { signInWithProvider } from '../../domain/account/social-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler(
  'createSocialToken',
  { params: socialProviderParamsSchema, body: socialTokenBodySchema },
  async ({ params, body, now }) => signInWithProvider(params.provider, body, now),
);
