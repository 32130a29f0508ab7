/**
 * Calls to a sign-in provider's API (LINE's, X's) from the sign-ins the API runs itself, with the
 * player-facing refusals: a provider that cannot be reached or fails (5xx) is a 503 to try again
 * later; one that refuses (an unknown, used or foreign code) or answers what it should not is a
 * 400 to sign in again. Never a 500: the player can always start over.
 */
import { createHash } from 'node:crypto';
import type { SocialAuthorizeQuery } from '@golf/shared/schemas/social';
import { AppError } from '../../lib/errors';
import { logger } from '../../lib/logger';

const signInFailedMessage = 'ログインに失敗しました。もう一度お試しください。';
export const signInUnverifiedMessage =
  'ログインの確認に失敗しました。お手数ですが、もう一度ログインしてください。';

/** The sign-in was refused or could not be trusted: the player starts again. */
export const signInRefused = (message = signInFailedMessage) => new AppError(400, 'bad_request', message);

const providerTimeoutMs = 8_000;

/** One call to a provider: its JSON answer when it succeeded; an AppError otherwise. */
export async function callProvider(provider: string, url: string, init: RequestInit): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(providerTimeoutMs) });
  } catch (error) {
    logger.warn('sign-in provider unreachable', { provider, error: String(error) });
    throw new AppError(
      503,
      'service_unavailable',
      `${provider} に接続できませんでした。時間を置いて、もう一度お試しください。`,
    );
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.status >= 500) {
    logger.warn('sign-in provider failed', { provider, status: response.status });
    throw new AppError(
      503,
      'service_unavailable',
      `${provider} に接続できませんでした。時間を置いて、もう一度お試しください。`,
    );
  }
  if (!response.ok) {
    const error = (body as { error?: unknown } | null)?.error;
    logger.warn('sign-in provider refused', { provider, status: response.status, error: String(error) });
    throw signInRefused();
  }
  return body;
}

/** S256 of a PKCE code_verifier: its code_challenge. */
export const pkceChallenge = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/**
 * A provider's authorize URL for one of the SPA's attempts: the code flow with its state and PKCE
 * challenge back to its callback, and the provider's own parameters (scope, nonce).
 */
export function authorizeUrlOf(
  client: { clientId: string; authorizeUrl: string },
  query: SocialAuthorizeQuery,
  own: Record<string, string>,
): string {
  const url = new URL(client.authorizeUrl);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: client.clientId,
    redirect_uri: query.redirect_uri,
    state: query.state,
    ...own,
    code_challenge: query.code_challenge,
    code_challenge_method: 'S256',
  }).toString();
  return url.toString();
}
