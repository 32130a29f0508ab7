// As main.tsx: before any schema module is evaluated (it sets a global, which module reloads keep).
import '../../src/lib/zod-without-eval';
import { configure, waitFor } from '@testing-library/dom';
import { afterEach, expect, inject, vi } from 'vitest';
import type { RunningApp } from '../../src/app';
import type { ScreenPlayer } from './players';

/** The API the screens call, with the sample season (tests/screens/global-setup.ts). */
export function apiUrl(): string {
  return inject('screensApiUrl');
}

// A screen waits on the API as a browser would: the find and wait helpers give it up to 15 s, as
// the browser journeys' actions do.
configure({ asyncUtilTimeout: 15_000 });

/** The window stands on the API's origin, as the SPA does in AWS and on the local stack. */
function goTo(href: string): void {
  (globalThis as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(href);
}
goTo(apiUrl());

type Answer = (request: Request) => Response | Promise<Response>;
const answers: Array<{ matches: (url: URL) => boolean; answer: Answer }> = [];
const networkFetch = globalThis.fetch;
let offline = false;

/** Every call the app makes goes to the API, unless a test answers it itself (`answerApi`) or is offline. */
globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
  const request = new Request(input, init);
  if (offline) throw new TypeError('Failed to fetch');
  const url = new URL(request.url);
  const own = answers.find(({ matches }) => matches(url));
  return own ? own.answer(request) : networkFetch(request);
};

/**
 * Answers the app's calls to `path` (exactly, or those `path` matches) with `answer` until the
 * test ends, as a browser's request interception would.
 */
export function answerApi(path: string | RegExp, answer: Answer): void {
  answers.unshift({
    matches: (url) => (typeof path === 'string' ? url.pathname === path : path.test(url.pathname)),
    answer,
  });
}

/** The API's own answer to `request`, for an `answerApi` answer that only delays or watches it. */
export function networkAnswer(request: Request): Promise<Response> {
  return networkFetch(request);
}

/** A JSON answer, as the API gives. */
export function jsonAnswer(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Cuts the connection (`true`) or brings it back, with the events a browser fires. */
export function setOffline(cut: boolean): void {
  offline = cut;
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => !cut });
  window.dispatchEvent(new Event(cut ? 'offline' : 'online'));
}

/** The token of a player of the suite (frontend/test/screens/players.ts). */
export function playerToken(player: ScreenPlayer): string {
  const token = inject('screenPlayerTokens')[player];
  if (!token) throw new Error(`no token for ${player}`);
  return token;
}

let running: RunningApp | undefined;

function clearCookies(): void {
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]!.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

afterEach(() => {
  running?.root.unmount();
  running = undefined;
  answers.length = 0;
  if (offline) setOffline(false);
  clearCookies();
  localStorage.clear();
  sessionStorage.clear();
});

/**
 * Loads the app at `path` on the API's origin, as a browser's page load does: its modules evaluated
 * afresh (no state kept from the test before), signed in when `as` names a player of the suite.
 */
export async function openApp(path: string, options: { as?: ScreenPlayer } = {}): Promise<RunningApp> {
  running?.root.unmount();
  const url = new URL(path, apiUrl());
  goTo(url.href);
  if (options.as) document.cookie = `token=${playerToken(options.as)}; path=/`;
  document.body.innerHTML = '<div id="app"></div>';
  vi.resetModules();
  const { startApp } = await import('../../src/app');
  running = startApp(document.getElementById('app')!);
  return running;
}

declare module 'vitest' {
  export interface ProvidedContext {
    screensApiUrl: string;
    screenPlayerTokens: Record<string, string>;
  }
}

/** JSON from the API, for comparing what a screen shows with what the server says. */
export async function apiGet<T>(path: string): Promise<T> {
  const response = await networkFetch(new URL(path, apiUrl()), { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (await response.json()) as T;
}

/** Waits until the app shows `pathname`. */
export async function waitForPath(pathname: string): Promise<void> {
  await waitFor(() => expect(location.pathname).toBe(pathname));
}
