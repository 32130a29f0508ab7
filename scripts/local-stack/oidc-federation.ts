import { randomBytes } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import * as z from 'zod';
import { withQuery } from './http-parts';

/**
 * What the user pool does with an OIDC identity provider, played by the local hosted sign-in for X's
 * `Twitter` provider: it sends the browser to the issuer's authorization endpoint (from its discovery
 * document) with a state and a nonce; at `/oauth2/idpresponse` it exchanges the code at the token
 * endpoint with client_secret_post, verifies the ID token by the issuer's JWKS (issuer, audience,
 * nonce), and reads the user's claims from the userinfo endpoint (attributes_request_method GET).
 */
export interface OidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
}

/** The app's own request, kept while the player is at the provider. */
export interface AppRequest {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  state: string;
}

const discoverySchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  userinfo_endpoint: z.url(),
  jwks_uri: z.url(),
});
const tokenSchema = z.object({ id_token: z.string(), access_token: z.string() });

const pending = new Map<string, { app: AppRequest; nonce: string; expiresAt: number }>();
const jwksByUri = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

async function discover(provider: OidcProvider) {
  const response = await fetch(`${provider.issuer}/.well-known/openid-configuration`);
  const document = discoverySchema.parse(await response.json());
  if (document.issuer !== provider.issuer) throw new Error(`the discovery document names ${document.issuer}`);
  return document;
}

/** Where the browser goes first: the provider's authorization endpoint. */
export async function startFederation(provider: OidcProvider, app: AppRequest, idpResponseUrl: string) {
  const state = randomBytes(24).toString('base64url');
  const nonce = randomBytes(24).toString('base64url');
  pending.set(state, { app, nonce, expiresAt: Date.now() + 10 * 60_000 });
  const { authorization_endpoint } = await discover(provider);
  return withQuery(authorization_endpoint, {
    client_id: provider.clientId,
    redirect_uri: idpResponseUrl,
    response_type: 'code',
    scope: provider.scopes,
    state,
    nonce,
  });
}

/**
 * `/oauth2/idpresponse`: the app's request and who signed in (the ID token's subject and the
 * userinfo claims), or the error the provider gave; null for a state this stand-in never issued.
 */
export async function finishFederation(
  provider: OidcProvider,
  query: URLSearchParams,
  idpResponseUrl: string,
): Promise<
  | { app: AppRequest; error: string }
  | { app: AppRequest; subject: string; claims: Record<string, unknown> }
  | null
> {
  const state = query.get('state') ?? '';
  const found = pending.get(state);
  pending.delete(state);
  if (!found || found.expiresAt < Date.now()) return null;
  const code = query.get('code');
  if (!code) return { app: found.app, error: query.get('error') ?? 'server_error' };

  const document = await discover(provider);
  const tokenResponse = await fetch(document.token_endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: idpResponseUrl,
      client_id: provider.clientId,
      client_secret: provider.clientSecret,
    }).toString(),
  });
  const tokens = tokenSchema.safeParse(await tokenResponse.json().catch(() => null));
  if (!tokenResponse.ok || !tokens.success) return { app: found.app, error: 'invalid_request' };
  let jwks = jwksByUri.get(document.jwks_uri);
  if (!jwks) jwksByUri.set(document.jwks_uri, (jwks = createRemoteJWKSet(new URL(document.jwks_uri))));
  const { payload } = await jwtVerify(tokens.data.id_token, jwks, {
    issuer: provider.issuer,
    audience: provider.clientId,
  });
  if (payload['nonce'] !== found.nonce || !payload.sub) return { app: found.app, error: 'invalid_request' };
  const userinfo = await fetch(document.userinfo_endpoint, {
    headers: { authorization: `Bearer ${tokens.data.access_token}` },
  });
  const claims = (await userinfo.json()) as Record<string, unknown>;
  if (!userinfo.ok || claims['sub'] !== payload.sub) return { app: found.app, error: 'invalid_request' };
  return { app: found.app, subject: payload.sub, claims };
}
