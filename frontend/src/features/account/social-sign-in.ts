import { socialCallbackPath, type SocialProvider } from '@golf/shared/schemas/social';
import { api } from '@/lib/api';

/**
 * The browser's half of social sign-in: a fresh state and PKCE verifier per attempt, kept in
 * sessionStorage under the state until the callback uses them once. A callback whose state was not
 * issued here (forged) or was already used (replayed) is refused before any code is exchanged.
 */
const storagePrefix = 'social-sign-in:';
/** How long an attempt may take at the provider. */
const attemptLifetimeMs = 10 * 60 * 1000;

export interface SocialAttempt {
  provider: SocialProvider;
  verifier: string;
  to: string;
  startedAt: number;
}

function randomToken(bytes: number): string {
  const data = crypto.getRandomValues(new Uint8Array(bytes));
  return base64Url(data);
}

function base64Url(data: Uint8Array): string {
  let text = '';
  for (const byte of data) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

async function pkceChallenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64Url(new Uint8Array(digest));
}

function callbackUrl(provider: SocialProvider, origin = window.location.origin): string {
  return `${origin}${socialCallbackPath(provider)}`;
}

function saveAttempt(storage: Storage, state: string, attempt: SocialAttempt): void {
  storage.setItem(storagePrefix + state, JSON.stringify(attempt));
}

/** The attempt a callback's state belongs to, removed so it cannot serve twice; null when not ours. */
export function takeAttempt(
  storage: Storage,
  state: string | undefined,
  provider: string,
  now = Date.now(),
): SocialAttempt | null {
  if (!state) return null;
  const raw = storage.getItem(storagePrefix + state);
  storage.removeItem(storagePrefix + state);
  if (!raw) return null;
  try {
    const attempt = JSON.parse(raw) as SocialAttempt;
    if (attempt.provider !== provider || now - attempt.startedAt > attemptLifetimeMs) return null;
    return attempt;
  } catch {
    return null;
  }
}

/**
 * Leaves for the provider's sign-in page: LINE's and X's own, the user pool's hosted one for Google
 * and Apple (their local stand-ins on the local stack).
 */
export async function startSocialSignIn(provider: SocialProvider, to: string): Promise<void> {
  const state = randomToken(24);
  const verifier = randomToken(48);
  const { authorize_url } = await api.getSocialAuthorize({
    params: { provider },
    query: { redirect_uri: callbackUrl(provider), state, code_challenge: await pkceChallenge(verifier) },
  });
  saveAttempt(sessionStorage, state, { provider, verifier, to, startedAt: Date.now() });
  window.location.assign(authorize_url);
}

export function exchangeSocialCode(provider: SocialProvider, code: string, attempt: SocialAttempt) {
  return api.createSocialToken({
    params: { provider },
    body: { code, code_verifier: attempt.verifier, redirect_uri: callbackUrl(provider) },
  });
}
