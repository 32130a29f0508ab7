/**
 * The X sign-in bridge: an OpenID Connect provider for the user pool in front of X's OAuth 2.0,
 * which has no OIDC (no ID token, no discovery) and no native Cognito provider. Towards Cognito it is
 * an issuer with discovery, JWKS, `/authorize`, `/token` (client_secret_post, as Cognito sends it)
 * and `/userinfo`; towards X it is a confidential client of the authorization code flow with PKCE
 * (https://x.com/i/oauth2/authorize, https://api.x.com/2/oauth2/token with Basic client
 * authentication, then https://api.x.com/2/users/me). Its ID tokens say who signed in at X: `sub` is
 * the X user id, `preferred_username` the handle, `name` the display name. X gives no e-mail.
 *
 * The same code runs in AWS (a Lambda behind its own HTTP API, auth stack) and in the local stack,
 * where it speaks to a stand-in X at the same paths. Cognito authenticates with X's own client id
 * and secret, which the bridge checks and uses towards X.
 */
import {
  createECDH,
  createHash,
  createHmac,
  createPrivateKey,
  createPublicKey,
  randomBytes,
  timingSafeEqual,
  type KeyObject,
} from 'node:crypto';
import { createLocalJWKSet, jwtVerify, SignJWT, type JWK } from 'jose';
import * as z from 'zod';
import { xSignInRepository } from '../../db/repositories/x-sign-in-repository';
import { basicCredentials } from '../../lib/basic-credentials';
import { logger } from '../../lib/logger';
import { hostTimeMs } from '../../lib/clock';

export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  publicJwk: JWK;
  /** The HMAC key of the sign-in states the bridge sends through X, from the same secret value. */
  stateKey: Buffer;
}

export interface XBridgeSettings {
  /** X's OAuth 2.0 client (a confidential client of the X app), also Cognito's client at the bridge. */
  clientId: string;
  clientSecret: string;
  /** Where the bridge may send a signed-in player back: the user pool's `/oauth2/idpresponse`. */
  redirectUris: readonly string[];
  /** X's authorize page and API origin (the stand-in's locally). */
  xAuthorizeUrl: string;
  xApiUrl: string;
  /** The key it signs with now (the secret's current value). */
  signingKey: SigningKey;
  /**
   * The keys of the secret's previous and pending values, published beside it and accepted: a
   * token or state signed by an instance that has not read the new value yet still verifies.
   */
  otherKeys: readonly SigningKey[];
}

export interface BridgeRequest {
  method: string;
  /** The path under the issuer: `/authorize`, `/token`, ... */
  path: string;
  query: URLSearchParams;
  headers: Record<string, string | undefined>;
  body: string;
  /** The issuer URL the request reached (no trailing slash). */
  issuer: string;
}

export interface BridgeAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The scopes the bridge asks X for: `users.read` (with `tweet.read`) is what /2/users/me needs. */
const xScopes = 'tweet.read users.read';
const authorizeLifetimeMs = 10 * 60_000;
const codeLifetimeMs = 2 * 60_000;
const tokenLifetimeSeconds = 300;

const p256Order = BigInt('0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551');

/**
 * The bridge's ES256 key, derived from a secret value (a random string Secrets Manager generated):
 * the private scalar is the first SHA-256 of the value, with a counter, that lies in P-256's range.
 * The key id names the public key, so a new value is a new `kid` in the JWKS.
 */
export function signingKeyFromSecret(secret: string): SigningKey {
  if (secret.length < 32) throw new Error('the X bridge signing secret is shorter than 32 characters');
  let scalar: Buffer;
  let counter = 0;
  do {
    scalar = createHash('sha256').update(`x-oidc-bridge:${counter++}:${secret}`).digest();
  } while (!isP256Scalar(scalar));
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(scalar);
  const point = ecdh.getPublicKey();
  const x = point.subarray(1, 33).toString('base64url');
  const y = point.subarray(33, 65).toString('base64url');
  const privateKey = createPrivateKey({
    key: { kty: 'EC', crv: 'P-256', x, y, d: scalar.toString('base64url') },
    format: 'jwk',
  });
  const kid = createHash('sha256').update(`${x}.${y}`).digest('base64url').slice(0, 16);
  return {
    kid,
    privateKey,
    publicKey: createPublicKey(privateKey),
    publicJwk: { kty: 'EC', crv: 'P-256', x, y, kid, alg: 'ES256', use: 'sig' },
    stateKey: createHmac('sha256', secret).update('x-oidc-bridge:state').digest(),
  };
}

/** Every key the bridge publishes and accepts, the one it signs with first, each once. */
const keysOf = (settings: XBridgeSettings): SigningKey[] => [
  ...new Map([settings.signingKey, ...settings.otherKeys].map((key) => [key.kid, key])).values(),
];

function isP256Scalar(bytes: Buffer): boolean {
  const value = BigInt(`0x${bytes.toString('hex')}`);
  return value > 0n && value < p256Order;
}

const same = (a: string, b: string) => {
  const left = createHash('sha256').update(a).digest();
  const right = createHash('sha256').update(b).digest();
  return timingSafeEqual(left, right);
};

const json = (status: number, body: unknown, headers: Record<string, string> = {}): BridgeAnswer => ({
  status,
  headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  body: JSON.stringify(body),
});

const publicJson = (body: unknown): BridgeAnswer => ({
  ...json(200, body),
  headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'public, max-age=300' },
});

const redirect = (location: string): BridgeAnswer => ({
  status: 302,
  headers: { location, 'cache-control': 'no-store' },
  body: '',
});

const badRequest = (message: string): BridgeAnswer => ({
  status: 400,
  headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  body: message,
});

function withQuery(uri: string, query: Record<string, string>): string {
  const url = new URL(uri);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.toString();
}

function discoveryDocument(issuer: string) {
  return {
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    userinfo_endpoint: `${issuer}/userinfo`,
    jwks_uri: `${issuer}/.well-known/jwks.json`,
    response_types_supported: ['code'],
    grant_types_supported: ['authorization_code'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['ES256'],
    scopes_supported: ['openid', 'profile'],
    token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
    claims_supported: ['sub', 'name', 'preferred_username'],
  };
}

/** Cognito's request, carried through X in the state the bridge sends there. */
interface PendingSignIn {
  redirect_uri: string;
  state: string;
  nonce: string;
}

const hmac = (key: Buffer, label: string, value: string) =>
  createHmac('sha256', key).update(`${label}:${value}`).digest('base64url');

/**
 * The state sent to X: Cognito's request, when it expires and a random id, signed with the bridge's
 * key (`{payload}.{mac}`), so the bridge keeps nothing while the player is at X and writes nothing
 * for an anonymous `/authorize`. The PKCE verifier is derived from it with the same key, never sent.
 */
function signedState(pending: PendingSignIn, key: SigningKey, now: Date): string {
  const payload = Buffer.from(
    JSON.stringify({
      ...pending,
      exp: now.getTime() + authorizeLifetimeMs,
      id: randomBytes(16).toString('base64url'),
    }),
  ).toString('base64url');
  return `${payload}.${hmac(key.stateKey, 'state', payload)}`;
}

/** The state's sign-in and the key that signed it; null when forged, malformed or expired. */
function verifiedState(
  state: string,
  settings: XBridgeSettings,
  now: Date,
): { pending: PendingSignIn; key: SigningKey } | null {
  const [payload = '', mac = '', ...rest] = state.split('.');
  if (rest.length > 0 || payload === '' || mac === '') return null;
  const key = keysOf(settings).find((candidate) => same(mac, hmac(candidate.stateKey, 'state', payload)));
  if (!key) return null;
  const parsed = pendingStateSchema.safeParse(
    (() => {
      try {
        return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
      } catch {
        return null;
      }
    })(),
  );
  if (!parsed.success || parsed.data.exp <= now.getTime()) return null;
  const { exp: _exp, id: _id, ...pending } = parsed.data;
  return { pending, key };
}

const pendingStateSchema = z.object({
  redirect_uri: z.string(),
  state: z.string(),
  nonce: z.string(),
  exp: z.number(),
  id: z.string(),
});

/** The PKCE verifier of a sign-in: derived from its state with the key that signed it. */
const verifierOf = (state: string, key: SigningKey) => hmac(key.stateKey, 'pkce', state);

/** `/authorize`, from Cognito through the browser: sends the player to X with Cognito's request signed into the state. */
function authorize(request: BridgeRequest, settings: XBridgeSettings, now: Date): BridgeAnswer {
  const query = request.query;
  const redirectUri = query.get('redirect_uri') ?? '';
  if (query.get('client_id') !== settings.clientId) return badRequest('unknown client_id');
  if (!settings.redirectUris.includes(redirectUri)) return badRequest('redirect_uri is not registered');
  const state = query.get('state') ?? '';
  const refuse = (error: string) => redirect(withQuery(redirectUri, { error, ...(state ? { state } : {}) }));
  if (query.get('response_type') !== 'code') return refuse('unsupported_response_type');
  if (!(query.get('scope') ?? '').split(' ').includes('openid')) return refuse('invalid_scope');

  const xState = signedState(
    { redirect_uri: redirectUri, state, nonce: query.get('nonce') ?? '' },
    settings.signingKey,
    now,
  );
  return redirect(
    withQuery(settings.xAuthorizeUrl, {
      response_type: 'code',
      client_id: settings.clientId,
      redirect_uri: `${request.issuer}/callback`,
      scope: xScopes,
      state: xState,
      code_challenge: createHash('sha256')
        .update(verifierOf(xState, settings.signingKey))
        .digest('base64url'),
      code_challenge_method: 'S256',
    }),
  );
}

const xTokenSchema = z.object({ access_token: z.string().min(1), token_type: z.string() });
const xUserSchema = z.object({
  data: z.object({ id: z.string().regex(/^\d{1,20}$/), name: z.string(), username: z.string() }),
});

/** Who signed in at X: the code exchanged (Basic client authentication, PKCE), then /2/users/me. */
async function xUser(code: string, verifier: string, request: BridgeRequest, settings: XBridgeSettings) {
  const basic = Buffer.from(
    `${encodeURIComponent(settings.clientId)}:${encodeURIComponent(settings.clientSecret)}`,
  ).toString('base64');
  const tokenResponse = await fetch(`${settings.xApiUrl}/2/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${basic}` },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: `${request.issuer}/callback`,
      code_verifier: verifier,
      client_id: settings.clientId,
    }).toString(),
  });
  const token = xTokenSchema.safeParse(await tokenResponse.json().catch(() => null));
  if (!tokenResponse.ok || !token.success) {
    logger.warn('X refused the code exchange', { status: tokenResponse.status });
    return null;
  }
  const meResponse = await fetch(`${settings.xApiUrl}/2/users/me`, {
    headers: { authorization: `Bearer ${token.data.access_token}` },
  });
  const me = xUserSchema.safeParse(await meResponse.json().catch(() => null));
  if (!meResponse.ok || !me.success) {
    logger.warn('X did not say who signed in', { status: meResponse.status });
    return null;
  }
  return me.data.data;
}

/**
 * `/callback`, from X through the browser: who signed in, handed back to Cognito as a one-time code.
 * The code is derived from the state, so the sign-in's first write, once X has answered, is also
 * what makes its callback work once.
 */
async function callback(request: BridgeRequest, settings: XBridgeSettings, now: Date): Promise<BridgeAnswer> {
  const xState = request.query.get('state') ?? '';
  const verified = verifiedState(xState, settings, now);
  if (!verified) return badRequest('this sign-in has expired or was already used: start again');
  const { pending, key } = verified;
  const ourCode = hmac(key.stateKey, 'code', xState);
  if (await xSignInRepository.isKept(ourCode))
    return badRequest('this sign-in has expired or was already used: start again');
  const back = (query: Record<string, string>) =>
    redirect(
      withQuery(pending.redirect_uri, { ...query, ...(pending.state ? { state: pending.state } : {}) }),
    );
  const code = request.query.get('code');
  if (!code)
    return back({ error: request.query.get('error') === 'access_denied' ? 'access_denied' : 'server_error' });
  const user = await xUser(code, verifierOf(xState, key), request, settings);
  if (!user) return back({ error: 'server_error' });
  const kept = await xSignInRepository.keep(
    ourCode,
    {
      sub: user.id,
      name: user.name,
      preferred_username: user.username,
      nonce: pending.nonce,
      redirect_uri: pending.redirect_uri,
    },
    codeLifetimeMs,
    now,
  );
  if (!kept) return badRequest('this sign-in has expired or was already used: start again');
  return back({ code: ourCode });
}

/**
 * The client of a token request: client_secret_post (Cognito's), or client_secret_basic; null for
 * Basic credentials that cannot be decoded.
 */
function clientOf(request: BridgeRequest, form: URLSearchParams): { id: string; secret: string } | null {
  const header = request.headers['authorization'] ?? '';
  if (header.startsWith('Basic ')) return basicCredentials(header.slice(6));
  return { id: form.get('client_id') ?? '', secret: form.get('client_secret') ?? '' };
}

/** `/token`, from Cognito: the one-time code for an ID token and an access token for /userinfo. */
async function token(request: BridgeRequest, settings: XBridgeSettings, now: Date): Promise<BridgeAnswer> {
  const form = new URLSearchParams(request.body);
  const client = clientOf(request, form);
  // RFC 6749 section 5.2: any client that fails to authenticate, undecodable ones included.
  if (!client || !same(client.id, settings.clientId) || !same(client.secret, settings.clientSecret))
    return json(401, { error: 'invalid_client' }, { 'www-authenticate': 'Basic' });
  if (form.get('grant_type') !== 'authorization_code') return json(400, { error: 'unsupported_grant_type' });
  const issued = await xSignInRepository.take(form.get('code') ?? '', now);
  if (!issued || form.get('redirect_uri') !== issued['redirect_uri'])
    return json(400, { error: 'invalid_grant' });

  const issuedAt = Math.floor(now.getTime() / 1000);
  const profile = { name: issued['name']!, preferred_username: issued['preferred_username']! };
  const sign = (claims: Record<string, unknown>, audience: string, type: string) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', kid: settings.signingKey.kid, typ: type })
      .setIssuer(request.issuer)
      .setSubject(issued['sub']!)
      .setAudience(audience)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + tokenLifetimeSeconds)
      .sign(settings.signingKey.privateKey);
  const idToken = await sign(
    { ...profile, ...(issued['nonce'] ? { nonce: issued['nonce'] } : {}) },
    settings.clientId,
    'JWT',
  );
  const accessToken = await sign(
    { ...profile, scope: 'openid profile' },
    `${request.issuer}/userinfo`,
    'at+jwt',
  );
  return json(200, {
    access_token: accessToken,
    id_token: idToken,
    token_type: 'Bearer',
    expires_in: tokenLifetimeSeconds,
  });
}

/** `/userinfo`, from Cognito with the access token: the claims it maps to the pool's attributes. */
async function userinfo(request: BridgeRequest, settings: XBridgeSettings): Promise<BridgeAnswer> {
  const header = request.headers['authorization'] ?? '';
  const refused = json(
    401,
    { error: 'invalid_token' },
    { 'www-authenticate': 'Bearer error="invalid_token"' },
  );
  if (!header.startsWith('Bearer ')) return refused;
  try {
    const keys = createLocalJWKSet({ keys: keysOf(settings).map((key) => key.publicJwk) });
    const { payload } = await jwtVerify(header.slice(7), keys, {
      issuer: request.issuer,
      audience: `${request.issuer}/userinfo`,
      typ: 'at+jwt',
      algorithms: ['ES256'],
    });
    return json(200, {
      sub: payload.sub,
      name: payload['name'],
      preferred_username: payload['preferred_username'],
    });
  } catch {
    return refused;
  }
}

/** Serves one request to the bridge. */
export async function serveXBridge(
  request: BridgeRequest,
  settings: XBridgeSettings,
  now = new Date(hostTimeMs()),
): Promise<BridgeAnswer> {
  const route = `${request.method} ${request.path}`;
  switch (route) {
    case 'GET /.well-known/openid-configuration':
      return publicJson(discoveryDocument(request.issuer));
    case 'GET /.well-known/jwks.json':
      return publicJson({ keys: keysOf(settings).map((key) => key.publicJwk) });
    case 'GET /authorize':
      return authorize(request, settings, now);
    case 'GET /callback':
      return callback(request, settings, now);
    case 'POST /token':
      return token(request, settings, now);
    case 'GET /userinfo':
      return userinfo(request, settings);
    default:
      return json(404, { error: 'not_found' });
  }
}
