import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { isFederatedUsername } from '@golf/shared/schemas/social';
import { config } from './config';
import { unauthenticated } from './errors';

export interface AuthContext {
  userId: string;
  groups: string[];
  tokenId: string;
  /** When the token was issued (seconds), to tell sessions from before a password change. */
  issuedAt: number;
  expiresAt: number;
  /** Cognito's `username` claim (`{ProviderName}_{subject}` for a federated user). */
  username: string;
}

let jwks: { url: string; keys: ReturnType<typeof createRemoteJWKSet> } | undefined;

function keySet() {
  const url = config().AUTH_JWKS_URL;
  if (jwks?.url !== url) jwks = { url, keys: createRemoteJWKSet(new URL(url), { cooldownDuration: 30_000 }) };
  return jwks.keys;
}

/**
 * Verifies an access token exactly as Cognito issues them (signature from the JWKS, issuer, expiry,
 * `token_use` = access, `client_id` = our app client). The local issuer signs the same claims,
 * so local and cloud share this one path.
 */
export async function verifyAccessToken(token: string): Promise<AuthContext> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, keySet(), { issuer: config().AUTH_ISSUER, algorithms: ['RS256'] }));
  } catch {
    throw unauthenticated();
  }
  if (payload['token_use'] !== 'access' || payload['client_id'] !== config().AUTH_AUDIENCE) {
    throw unauthenticated();
  }
  if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number' || typeof payload.iat !== 'number')
    throw unauthenticated();
  const groups = payload['cognito:groups'];
  const username = typeof payload['username'] === 'string' ? payload['username'] : '';
  return {
    userId: playerIdOf(payload.sub, username),
    groups: Array.isArray(groups) ? groups.filter((g): g is string => typeof g === 'string') : [],
    tokenId: typeof payload.jti === 'string' ? payload.jti : '',
    issuedAt: payload.iat,
    expiresAt: payload.exp,
    username,
  };
}

/**
 * The player a token is for. A federated user (`{ProviderName}_{subject}`) is the player whose id is
 * its sub. A user of the pool itself (an e-mail login) is created under the player's id as its
 * username, its sub being the pool's own, so the username is the id. The local issuer signs
 * username = sub for the latter, which comes to the same.
 */
export function playerIdOf(sub: string, username: string): string {
  return !username || isFederatedUsername(username) ? sub : username;
}

export function bearerToken(headers: Record<string, string | undefined>): string | null {
  const value = headers['authorization'] ?? headers['Authorization'];
  if (!value) return null;
  const match = /^Bearer\s+(.+)$/i.exec(value.trim());
  return match ? match[1]! : null;
}
