import { exportJWK, generateKeyPair, importJWK, jwtVerify, SignJWT, type JWK } from 'jose';
import { ulid } from 'ulid';
import { config, environmentVariable } from './config';
import { hostTimeMs } from './clock';

/**
 * The local stand-in for Cognito's token signing: RS256 access tokens with Cognito's claims
 * (token_use, client_id, cognito:groups), verified by the same code as in AWS through the JWKS the
 * local stack serves. Its private key comes from LOCAL_AUTH_PRIVATE_JWK; it never runs in AWS.
 */
const localKeyId = 'local-1';

/** The local issuer of a stack at `origin` (its JWKS is a route of the table under it). */
export const localIssuer = (origin: string) => `${origin}/api/dev/auth`;

export async function generateLocalSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  return { ...(await exportJWK(privateKey)), kid: localKeyId, alg: 'RS256', use: 'sig' };
}

function privateJwk(): JWK {
  const raw = environmentVariable('LOCAL_AUTH_PRIVATE_JWK');
  if (!raw) throw new Error('LOCAL_AUTH_PRIVATE_JWK is not set: the local issuer is not configured');
  return JSON.parse(raw) as JWK;
}

export function localPublicJwks(): { keys: JWK[] } {
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...publicKey } = privateJwk();
  return { keys: [publicKey] };
}

export async function signLocalAccessToken(
  claims: { sub: string; groups?: string[]; jti?: string; username?: string },
  lifetimeSeconds = 24 * 3600,
  now = new Date(hostTimeMs()),
): Promise<{ token: string; expiresAt: Date; tokenId: string }> {
  const key = await importJWK(privateJwk(), 'RS256');
  const issuedAt = Math.floor(now.getTime() / 1000);
  const tokenId = claims.jti ?? ulid(now.getTime());
  const token = await new SignJWT({
    token_use: 'access',
    client_id: config().AUTH_AUDIENCE,
    scope: 'aws.cognito.signin.user.admin',
    // Cognito's user name: the sub for a pool user, `{ProviderName}_{subject}` for a federated one.
    username: claims.username ?? claims.sub,
    ...(claims.groups?.length ? { 'cognito:groups': claims.groups } : {}),
  })
    .setProtectedHeader({ alg: 'RS256', kid: localKeyId })
    .setSubject(claims.sub)
    .setIssuer(config().AUTH_ISSUER)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + lifetimeSeconds)
    .setJti(tokenId)
    .sign(key);
  return { token, expiresAt: new Date((issuedAt + lifetimeSeconds) * 1000), tokenId };
}

const challengeAudience = 'totp-challenge';

/**
 * The local stand-in for the user pool's challenge session: a short token saying who passed the
 * password and now owes the code, signed with the local key for the 3 minutes the pool gives.
 */
export async function signLocalChallenge(sub: string, now: Date): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'RS256', kid: localKeyId })
    .setSubject(sub)
    .setIssuer(config().AUTH_ISSUER)
    .setAudience(challengeAudience)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + 180)
    .sign(await importJWK(privateJwk(), 'RS256'));
}

/** The user a local challenge is for; null when it is not one, or has expired. */
export async function localChallengeSubject(challenge: string, now: Date): Promise<string | null> {
  try {
    const key = await importJWK(localPublicJwks().keys[0]!, 'RS256');
    const { payload } = await jwtVerify(challenge, key, {
      issuer: config().AUTH_ISSUER,
      audience: challengeAudience,
      algorithms: ['RS256'],
      currentDate: now,
    });
    return payload.sub ?? null;
  } catch {
    return null;
  }
}
