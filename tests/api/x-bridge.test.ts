import { createHash, randomBytes } from 'node:crypto';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { api, baseUrl } from './support/api';

/**
 * X's sign-in end to end on the local stack: the hosted sign-in (local stand-in of Cognito) federates
 * to the X bridge as Cognito does with an OIDC provider, the bridge runs X's OAuth 2.0 with PKCE
 * against the stand-in X, and the player comes back as `Twitter_{X user id}` without an e-mail.
 */
const issuer = process.env['X_OIDC_ISSUER']!;
const verifierOf = () => randomBytes(48).toString('base64url');
const challengeOf = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
const callback = `${baseUrl}/login/twitter/callback`;

const follow = async (url: string, init: RequestInit = {}) => {
  const response = await fetch(url, { ...init, redirect: 'manual' });
  return { response, location: response.headers.get('location') ?? '' };
};

/** From the app's authorize URL to X's consent page: the hosted sign-in, then the bridge. */
async function toX(state: string, verifier: string) {
  const { body } = await api<{ authorize_url: string }>(
    'GET',
    `/api/auth/social/twitter/authorize?${new URLSearchParams({ redirect_uri: callback, state, code_challenge: challengeOf(verifier) })}`,
  );
  const atCognito = await follow(body.authorize_url);
  expect(atCognito.response.status).toBe(302);
  const bridgeAuthorize = new URL(atCognito.location);
  expect(bridgeAuthorize.origin + bridgeAuthorize.pathname).toBe(`${issuer}/authorize`);
  expect(bridgeAuthorize.searchParams.get('nonce')).toBeTruthy();
  const atBridge = await follow(atCognito.location);
  expect(atBridge.response.status).toBe(302);
  const xAuthorize = new URL(atBridge.location);
  expect(xAuthorize.pathname).toBe('/api/dev/x/i/oauth2/authorize');
  expect(xAuthorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(xAuthorize.searchParams.get('scope')).toBe('tweet.read users.read');
  expect(xAuthorize.searchParams.get('redirect_uri')).toBe(`${issuer}/callback`);
  return xAuthorize;
}

/** At X: allow (or deny), then back through the bridge and the hosted sign-in to the app. */
async function throughX(xAuthorize: URL, decision: 'allow' | 'deny', account = { id: '', username: '' }) {
  const form = new URLSearchParams(xAuthorize.searchParams);
  form.set('x_user_id', account.id);
  form.set('x_username', account.username);
  form.set('x_name', 'Xのゴルファー');
  form.set('decision', decision);
  const fromX = await follow(xAuthorize.toString(), { method: 'POST', body: form });
  expect(fromX.response.status).toBe(302);
  expect(fromX.location.startsWith(`${issuer}/callback?`)).toBe(true);
  const fromBridge = await follow(fromX.location);
  expect(fromBridge.response.status).toBe(302);
  expect(fromBridge.location.startsWith(`${baseUrl}/api/dev/auth/oauth2/idpresponse?`)).toBe(true);
  const fromCognito = await follow(fromBridge.location);
  expect(fromCognito.response.status).toBe(302);
  return {
    bridgeCallback: fromX.location,
    idpResponse: fromBridge.location,
    app: new URL(fromCognito.location),
  };
}

describe('the X sign-in bridge', () => {
  it('publishes its discovery document and JWKS as Cognito reads them', async () => {
    const discovery = (await (await fetch(`${issuer}/.well-known/openid-configuration`)).json()) as Record<
      string,
      unknown
    >;
    // What Cognito reads: its own issuer, the four endpoints on it, codes only, a signing algorithm
    // it accepts and the client authentication it uses (client_secret_post).
    expect(discovery['issuer']).toBe(issuer);
    for (const endpoint of ['authorization_endpoint', 'token_endpoint', 'userinfo_endpoint', 'jwks_uri'])
      expect(String(discovery[endpoint]).startsWith(`${issuer}/`)).toBe(true);
    expect(discovery['response_types_supported']).toEqual(['code']);
    expect(discovery['id_token_signing_alg_values_supported']).toEqual(['ES256']);
    expect(discovery['token_endpoint_auth_methods_supported']).toContain('client_secret_post');
    const jwks = (await (await fetch(String(discovery['jwks_uri']))).json()) as {
      keys: Array<Record<string, unknown>>;
    };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(jwks.keys[0]!['kid']).toEqual(expect.any(String));
    expect(jwks.keys[0]!['d']).toBeUndefined();
  });

  it('signs an X player in through X and the bridge: a new player without an e-mail, the same one again', async () => {
    const xId = String(Date.now());
    const signIn = async () => {
      const verifier = verifierOf();
      const state = randomBytes(24).toString('base64url');
      const { app } = await throughX(await toX(state, verifier), 'allow', {
        id: xId,
        username: 'bridge_player',
      });
      expect(app.origin + app.pathname).toBe(callback);
      expect(app.searchParams.get('state')).toBe(state);
      const signedIn = await api<{ access_token: string; user: Record<string, unknown> }>(
        'POST',
        '/api/auth/social/twitter/token',
        { body: { code: app.searchParams.get('code'), code_verifier: verifier, redirect_uri: callback } },
      );
      expect(signedIn.status).toBe(200);
      return signedIn.body;
    };
    const first = await signIn();
    expect(first.user).toMatchObject({
      is_registed_email: false,
      is_accepted_policy: false,
      status: 'mail_verify',
    });
    const me = await api<Record<string, unknown>>('GET', '/api/user/me', { token: first.access_token });
    expect(me.body).toMatchObject({ email: null, is_registed_email: false });
    expect((await signIn()).user['user_id']).toBe(first.user['user_id']);
  });

  it('hands a cancel at X back to the app as access_denied', async () => {
    const state = randomBytes(24).toString('base64url');
    const { app } = await throughX(await toX(state, verifierOf()), 'deny');
    expect(app.searchParams.get('error')).toBe('access_denied');
    expect(app.searchParams.get('state')).toBe(state);
    expect(app.searchParams.get('code')).toBeNull();
  });

  it('refuses the wrong client, a used code or state, a foreign redirect and a missing token', async () => {
    const clientId = process.env['X_CLIENT_ID']!;
    const clientSecret = process.env['X_CLIENT_SECRET']!;
    const redirectUri = process.env['X_BRIDGE_REDIRECT_URIS']!;
    // Cognito's authorize request, with a redirect URI the bridge does not know.
    const foreign = await follow(
      `${issuer}/authorize?${new URLSearchParams({ client_id: clientId, redirect_uri: 'https://evil.example/oauth2/idpresponse', response_type: 'code', scope: 'openid profile', state: 's' })}`,
    );
    expect(foreign.response.status).toBe(400);
    const wrongClient = await follow(
      `${issuer}/authorize?${new URLSearchParams({ client_id: 'someone-else', redirect_uri: redirectUri, response_type: 'code', scope: 'openid', state: 's' })}`,
    );
    expect(wrongClient.response.status).toBe(400);

    // A whole sign-in up to the bridge's code, which Cognito exchanges once, with its secret.
    const state = randomBytes(24).toString('base64url');
    const xAuthorize = await toX(state, verifierOf());
    const form = new URLSearchParams(xAuthorize.searchParams);
    for (const [name, value] of Object.entries({
      x_user_id: '42',
      x_username: 'replay',
      x_name: 'R',
      decision: 'allow',
    }))
      form.set(name, value);
    const fromX = await follow(xAuthorize.toString(), { method: 'POST', body: form });
    const fromBridge = await follow(fromX.location);
    const code = new URL(fromBridge.location).searchParams.get('code')!;
    // X's callback works once: the same state again is refused.
    expect((await follow(fromX.location)).response.status).toBe(400);

    const exchange = (secret: string) =>
      fetch(`${issuer}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri,
          client_id: clientId,
          client_secret: secret,
        }),
      });
    expect((await exchange('not-the-secret')).status).toBe(401);
    const tokens = (await (await exchange(clientSecret)).json()) as {
      id_token: string;
      access_token: string;
    };
    const jwks = createLocalJWKSet(
      (await (await fetch(`${issuer}/.well-known/jwks.json`)).json()) as Parameters<
        typeof createLocalJWKSet
      >[0],
    );
    const { payload } = await jwtVerify(tokens.id_token, jwks, { issuer, audience: clientId });
    expect(payload).toMatchObject({ sub: '42', preferred_username: 'replay', name: 'R' });
    expect(payload['email']).toBeUndefined();
    expect(payload['nonce']).toEqual(expect.any(String));
    expect((await exchange(clientSecret)).status).toBe(400);

    const userinfo = (token?: string) =>
      fetch(`${issuer}/userinfo`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
    expect(await (await userinfo(tokens.access_token)).json()).toEqual({
      sub: '42',
      name: 'R',
      preferred_username: 'replay',
    });
    expect((await userinfo()).status).toBe(401);
    // An ID token is not an access token.
    expect((await userinfo(tokens.id_token)).status).toBe(401);
  });

  it('the X bridge answers 401 to undecodable credentials', async () => {
    const clientId = process.env['X_CLIENT_ID']!;
    const clientSecret = process.env['X_CLIENT_SECRET']!;
    const basic = (id: string, secret: string) =>
      `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
    const tokenCall = (url: string, authorization: string) =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization },
        body: new URLSearchParams({ grant_type: 'authorization_code', code: 'c', redirect_uri: 'r' }),
      });
    // A cut escape, a bad hex pair, a lone %: in the id or in the secret (RFC 6749 section 5.2).
    for (const [id, secret] of [
      ['%E0%A4%A', clientSecret],
      [clientId, '%ZZ'],
      [clientId, `${clientSecret}%`],
    ] as const) {
      const refused = await tokenCall(`${issuer}/token`, basic(id, secret));
      expect(refused.status, `${id}:${secret}`).toBe(401);
      expect(refused.headers.get('www-authenticate')).toBe('Basic');
      expect(await refused.json()).toEqual({ error: 'invalid_client' });
      // The stand-in X, which the bridge authenticates to with Basic, refuses them alike.
      expect((await tokenCall(`${baseUrl}/api/dev/x/2/oauth2/token`, basic(id, secret))).status).toBe(401);
    }
    // The right client in Basic still gets past the client check (to the grant's).
    expect((await tokenCall(`${issuer}/token`, basic(clientId, clientSecret))).status).toBe(400);
  });
});
