import { useSyncExternalStore } from 'react';
import { api } from './api';
import { isApiError } from './api-client';
import { createStore } from './create-store';
import { deleteCookie, readCookie, tokenCookieName, writeCookie } from './cookies';

/**
 * The signed-in user as `GET /api/user/me` returns it. Only the fields the shell reads are named;
 * the rest passes through for the screens that need it.
 */
export interface AuthUser {
  user_id?: string;
  status?: string;
  nickname?: string | null;
  email?: string | null;
  is_registed_email?: boolean;
  is_accepted_policy?: boolean;
  profile_img_url?: string | null;
  [field: string]: unknown;
}

export interface AuthState {
  authUser: AuthUser | null;
  authToken: string | null;
  userEmail: string | null;
  isAuthenticated: boolean;
  isAcceptedPolicy: boolean;
}

const signedOut: AuthState = {
  authUser: null,
  authToken: null,
  userEmail: null,
  isAuthenticated: false,
  isAcceptedPolicy: false,
};

const store = createStore<AuthState>(signedOut);

export const getAuthState = store.get;

export function useAuth(): AuthState {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

function signedIn(token: string, user: AuthUser): AuthState {
  return {
    authUser: user,
    authToken: token,
    userEmail: user.email ?? null,
    isAuthenticated: true,
    isAcceptedPolicy: user.is_accepted_policy === true,
  };
}

/**
 * After a login or a verification link: keeps the token in the cookie (expiring at `expires_at`
 * when the server gives one, else at the end of the browser session) and, with a user, signs in.
 */
export function setAuth(auth: {
  access_token: string;
  expires_at?: string | null;
  user?: AuthUser | null;
}): void {
  writeCookie(tokenCookieName, auth.access_token, { expiresAt: auth.expires_at ?? null });
  store.set(
    auth.user ? signedIn(auth.access_token, auth.user) : { ...store.get(), authToken: auth.access_token },
  );
}

export function setAuthUser(user: AuthUser): void {
  const token = store.get().authToken ?? readCookie(tokenCookieName);
  if (token) store.set(signedIn(token, user));
}

export function setUserEmail(email: string | null): void {
  store.set({ ...store.get(), userEmail: email });
}

/** Policy acceptance only ever turns the flag on. */
export function acceptPolicy(): void {
  const state = store.get();
  store.set({
    ...state,
    isAcceptedPolicy: true,
    authUser: state.authUser && { ...state.authUser, is_accepted_policy: true },
  });
}

/** Forgets everything local: cookie, token, user, flags. */
export function clearAuth(): void {
  deleteCookie(tokenCookieName);
  store.set(signedOut);
}

let initialisation: Promise<void> | null = null;

/**
 * Start-up: the token cookie, if any, is checked with `GET /api/user/me`. Any failure leaves the
 * player signed out; only a 401 (the token itself is refused) also drops the cookie, so a passing
 * outage does not log anyone out.
 */
export function initialiseAuth(): Promise<void> {
  initialisation ??= (async () => {
    const token = readCookie(tokenCookieName);
    if (!token) return;
    store.set({ ...signedOut, authToken: token });
    try {
      const user = await api.getUserMe();
      store.set(signedIn(token, user));
    } catch (error) {
      if (isApiError(error) && error.status === 401) clearAuth();
      else store.set(signedOut);
    }
  })();
  return initialisation;
}

let ending: Promise<void> | null = null;

/**
 * Asks the server to end the session; whatever it answers, the local session ends. The state reads
 * signed out while the request runs, so its own 401 (a token already refused) is not a second logout,
 * and a repeated call joins the one under way.
 */
export function logout(): Promise<void> {
  ending ??= (async () => {
    store.set(signedOut);
    try {
      await api.deleteAuthToken();
    } catch (error) {
      console.warn('logout request failed', error);
    } finally {
      clearAuth();
      ending = null;
    }
  })();
  return ending;
}
