import { socialAuthorizeUrl } from '../../domain/account/social-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('getSocialAuthorize', async ({ params, query }) => ({
  authorize_url: socialAuthorizeUrl(params.provider, query),
}));
