import { socialAuthorizeUrl } from '../../domain/account/social-service';
import { httpHandler } from '../../adapters/http-handler';
import { getSocialAuthorizeRoute } from '@golf/shared/routes/account';

export const handler = httpHandler(getSocialAuthorizeRoute, async ({ params, query }) => ({
  authorize_url: socialAuthorizeUrl(params.provider, query),
}));
