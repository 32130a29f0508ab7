import { signOut } from '../../domain/account/account-service';
import { httpHandler, HttpResponse } from '../../lib/http-handler';

export const handler = httpHandler('deleteAuthToken', async ({ auth }) => {
  await signOut(auth.tokenId, auth.expiresAt);
  return new HttpResponse(204, undefined);
});
