import { signOut } from '../../domain/account/account-service';
import { httpHandler, HttpResponse } from '../../adapters/http-handler';
import { deleteAuthTokenRoute } from '@golf/shared/routes/account';

export const handler = httpHandler(deleteAuthTokenRoute, async ({ auth }) => {
  await signOut(auth.tokenId, auth.expiresAt);
  return new HttpResponse(204, undefined);
});
