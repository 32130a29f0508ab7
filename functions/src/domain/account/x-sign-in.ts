/**
 * X's OAuth 2.0, run by the API itself (docs/adr/0027-line-and-x-sign-in-by-the-api.md): the
 * browser goes to X's authorize page (`https://x.com/i/oauth2/authorize`) with the SPA's state and
 * PKCE challenge and the scopes `/2/users/me` needs; the code it brings back is exchanged at
 * `https://api.x.com/2/oauth2/token` as a confidential client (Basic authentication with the client
 * id and secret) with the browser's code_verifier, and `/2/users/me` with that token says who signed
 * in. X has no OIDC and gives no e-mail: the X user id is who the player is. X's token is used for
 * that one call and kept nowhere.
 */
import * as z from 'zod';
import type { SocialAuthorizeQuery, SocialTokenBody } from '@golf/shared/schemas/social';
import { authorizeUrlOf, callProvider, signInRefused } from './provider-calls';
import { providerClient, providerClientSecret } from './provider-settings';

export const xAuthorizeUrl = (query: SocialAuthorizeQuery): string =>
  // What GET /2/users/me needs.
  authorizeUrlOf(providerClient('twitter'), query, { scope: 'users.read tweet.read' });

const tokenAnswerSchema = z.object({ access_token: z.string().min(1) });
const meAnswerSchema = z.object({ data: z.object({ id: z.string().regex(/^\d{1,20}$/) }) });

/** The X user id of the account that signed in, from the code the callback brought. */
export async function xSubject(body: SocialTokenBody): Promise<string> {
  const client = providerClient('twitter');
  // RFC 6749 section 2.3.1: each part form-encoded before the Basic pair.
  const basic = Buffer.from(
    `${encodeURIComponent(client.clientId)}:${encodeURIComponent(await providerClientSecret('twitter'))}`,
  ).toString('base64');
  const token = tokenAnswerSchema.safeParse(
    await callProvider('X', `${client.apiUrl}/2/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${basic}` },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: body.code,
        redirect_uri: body.redirect_uri,
        code_verifier: body.code_verifier,
        client_id: client.clientId,
      }).toString(),
    }),
  );
  if (!token.success) throw signInRefused();
  const me = meAnswerSchema.safeParse(
    await callProvider('X', `${client.apiUrl}/2/users/me`, {
      headers: { authorization: `Bearer ${token.data.access_token}` },
    }),
  );
  if (!me.success) throw signInRefused();
  return me.data.data.id;
}
