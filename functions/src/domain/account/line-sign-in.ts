/**
 * LINE Login v2.1, run by the API itself (docs/adr/0027-line-and-x-sign-in-by-the-api.md): the
 * browser goes to LINE's authorize page with the SPA's state and PKCE challenge and a nonce; the
 * code it brings back is exchanged at LINE's token endpoint with the browser's code_verifier and
 * the channel secret, and the ID token in the answer says who signed in. A web login's ID token is
 * signed HS256 with the channel secret; it is checked here (signature, iss = https://access.line.me,
 * aud = the channel id, exp, nonce) rather than by another call to LINE's verify endpoint.
 *
 * The nonce is derived from the PKCE challenge, so that nothing is stored before LINE answers: the
 * token request's code_verifier gives the challenge again, and the ID token must carry its nonce.
 */
import { createHash } from 'node:crypto';
import { jwtVerify } from 'jose';
import * as z from 'zod';
import type { SocialAuthorizeQuery, SocialTokenBody } from '@golf/shared/schemas/social';
import { logger } from '../../lib/logger';
import {
  authorizeUrlOf,
  callProvider,
  pkceChallenge,
  signInRefused,
  signInUnverifiedMessage,
} from './provider-calls';
import { providerClient, providerClientSecret } from './provider-settings';

const lineIssuer = 'https://access.line.me';

/** The nonce of a sign-in whose PKCE challenge is `challenge`. */
export const lineNonce = (challenge: string) =>
  createHash('sha256').update(`line-nonce:${challenge}`).digest('base64url');

export const lineAuthorizeUrl = (query: SocialAuthorizeQuery): string =>
  authorizeUrlOf(providerClient('line'), query, {
    // Who signed in (the ID token's sub) and their name; no e-mail: a player registers one with us.
    scope: 'openid profile',
    nonce: lineNonce(query.code_challenge),
  });

const tokenAnswerSchema = z.object({ id_token: z.string().min(1) });

/** The LINE user id (`sub`) of the account that signed in, from the code the callback brought. */
export async function lineSubject(body: SocialTokenBody): Promise<string> {
  const client = providerClient('line');
  const secret = await providerClientSecret('line');
  const answer = tokenAnswerSchema.safeParse(
    await callProvider('LINE', `${client.apiUrl}/oauth2/v2.1/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: body.code,
        redirect_uri: body.redirect_uri,
        client_id: client.clientId,
        client_secret: secret,
        code_verifier: body.code_verifier,
      }).toString(),
    }),
  );
  if (!answer.success) throw signInRefused();
  try {
    const { payload } = await jwtVerify(answer.data.id_token, new TextEncoder().encode(secret), {
      algorithms: ['HS256'],
      issuer: lineIssuer,
      audience: client.clientId,
      requiredClaims: ['sub', 'exp', 'nonce'],
    });
    if (payload['nonce'] !== lineNonce(pkceChallenge(body.code_verifier)) || !payload.sub)
      throw new Error('the nonce is not this sign-in’s');
    return payload.sub;
  } catch (error) {
    logger.warn('LINE ID token refused', { error: String(error) });
    throw signInRefused(signInUnverifiedMessage);
  }
}
