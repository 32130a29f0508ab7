import { socialAuthorizeQuerySchema, socialProviderParamsSchema } from '@golf/shared/schemas/social';
import { socialAuthorizeUrl } from '../../domain/account/social-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler(
  'getSocialAuthorize',
  { params: socialProviderParamsSchema, query: socialAuthorizeQuerySchema },
  async ({ params, query }) => ({ authorize_url: socialAuthorizeUrl(params.provider, query) }),
);
