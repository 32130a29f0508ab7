// As main.tsx: before any schema module is evaluated (it sets a global, which module reloads keep).
import '@/lib/zod-without-eval';
import { configure, getConfig, prettyDOM, waitFor } from '@testing-library/dom';
import { expect, inject, vi } from 'vitest';
import { unknownFieldMessage } from '@golf/shared/schemas/zod-locale';
import type { RunningApp } from '@/app';
import type { ScreenPlayer } from './players';

/** The API the screens call, with the sample season (tests/screens/global-setup.ts). */
export function apiUrl(): string {
  return inject('screensApiUrl');
}

/**
 * The error of a query that found nothing, with the page's markup as testing-library prints it; the
 * markup is printed when the message is first read. A wait (`findBy`, `waitFor`) retries its query
 * on every change of the page and keeps only the last error, which it reads once the wait times out:
 * printing the whole page for each discarded retry cost the suite seconds of CPU.
 */
function elementError(message: string | null, container: Element): Error {
  const error = new Error();
  error.name = 'TestingLibraryElementError';
  let text: string | undefined;
  Object.defineProperty(error, 'message', {
    configurable: true,
    get: () =>
      (text ??= [message, `Ignored nodes: comments, ${getConfig().defaultIgnore}\n${prettyDOM(container)}`]
        .filter(Boolean)
        .join('\n\n')),
    set: (value: string) => {
      text = value;
    },
  });
  return error;
}

// A screen waits on the API as a browser would: the find and wait helpers give it up to 15 s, as
// the browser journeys' actions do.
configure({ asyncUtilTimeout: 15_000, getElementError: elementError });

/** The window stands on the API's origin, as the SPA does in AWS and on the local stack. */
function goTo(href: string): void {
  (globalThis as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(href);
}

type Answer = (request: Request) => Response | Promise<Response>;

/**
 * What the harness holds for the test that runs. The screen files share their worker's module
 * registry (vitest.config.ts), and `openApp` resets that registry, so this module may be evaluated
 * more than once in a worker: the state lives on the global object, where every evaluation finds the
 * same one.
 */
interface HarnessState {
  answers: Array<{ matches: (url: URL) => boolean; answer: Answer }>;
  offline: boolean;
  running: RunningApp | undefined;
  networkFetch: typeof fetch;
  /** Each request of the test that the API refused for a field its route does not take. */
  refusedFields: string[];
}
const stateKey = Symbol.for('golf.screens.harness');
const globalState = globalThis as unknown as Record<symbol, HarnessState | undefined>;
const state: HarnessState = (globalState[stateKey] ??= {
  answers: [],
  offline: false,
  running: undefined,
  networkFetch: globalThis.fetch,
  refusedFields: [],
});
/**
 * The API's answer to `request`, noting a 422 that names a field the route does not take
 * (shared/src/strict-input.ts): a screen that sends one (a save body spread from a GET answer) is a
 * bug whatever the screen then shows, so the test fails at its end, naming the request and fields.
 */
const networkFetch: typeof fetch = async (input, init) => {
  const request = new Request(input, init);
  const response = await state.networkFetch(request);
  if (response.status !== 422) return response;
  // Read once and answered again as read: the window's responses do not all clone their body.
  const text = await response.text();
  const errors = (JSON.parse(text || '{}') as { errors?: Record<string, unknown> }).errors ?? {};
  const fields = Object.entries(errors)
    .filter(([, messages]) => Array.isArray(messages) && messages.includes(unknownFieldMessage))
    .map(([field]) => field);
  const url = new URL(request.url);
  if (fields.length)
    state.refusedFields.push(`${request.method} ${url.pathname}${url.search}: ${fields.join(', ')}`);
  const { status, statusText, headers } = response;
  return new Response(text, { status, statusText, headers });
};

/** Every call the app makes goes to the API, unless a test answers it itself (`answerApi`) or is offline. */
async function harnessFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const request = new Request(input, init);
  if (state.offline) throw new TypeError('Failed to fetch');
  const url = new URL(request.url);
  const own = state.answers.find(({ matches }) => matches(url));
  return own ? own.answer(request) : networkFetch(request);
}

/**
 * Readies the window for a screen file (frontend/test/screens/setup.ts runs it before each): the
 * harness's fetch in place of the window's, which stays the way to the network, and the window on
 * the API's origin.
 */
export function prepareScreenFile(): void {
  if (!(globalThis.fetch as { harness?: true }).harness) {
    state.networkFetch = globalThis.fetch;
    globalThis.fetch = Object.assign(harnessFetch, { harness: true as const });
  }
  goTo(apiUrl());
}

/**
 * Answers the app's calls to `path` (exactly, or those `path` matches) with `answer` until the
 * test ends, as a browser's request interception would.
 */
export function answerApi(path: string | RegExp, answer: Answer): void {
  state.answers.unshift({
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
  state.offline = cut;
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => !cut });
  window.dispatchEvent(new Event(cut ? 'offline' : 'online'));
}

/** The token of a player of the suite (frontend/test/screens/players.ts). */
export function playerToken(player: ScreenPlayer): string {
  const token = inject('screenPlayerTokens')[player];
  if (!token) throw new Error(`no token for ${player}`);
  return token;
}

function clearCookies(): void {
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]!.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

/**
 * Undoes what a test did: its app unmounted, its answers and offline state gone, no cookie or stored
 * value left. frontend/test/screens/setup.ts runs it after every test.
 */
export function endScreenTest(): void {
  state.running?.root.unmount();
  state.running = undefined;
  state.answers.length = 0;
  if (state.offline) setOffline(false);
  clearCookies();
  localStorage.clear();
  sessionStorage.clear();
  const refused = state.refusedFields.splice(0);
  if (refused.length)
    throw new Error(`The API refused fields its routes do not take:\n${refused.join('\n')}`);
}

/**
 * Loads the app at `path` on the API's origin, as a browser's page load does: its modules evaluated
 * afresh (no state kept from the test before), signed in when `as` names a player of the suite.
 */
export async function openApp(path: string, options: { as?: ScreenPlayer } = {}): Promise<RunningApp> {
  state.running?.root.unmount();
  const url = new URL(path, apiUrl());
  goTo(url.href);
  if (options.as) document.cookie = `token=${playerToken(options.as)}; path=/`;
  document.body.innerHTML = '<div id="app"></div>';
  vi.resetModules();
  const { startApp } = await import('@/app');
  state.running = startApp(document.getElementById('app')!);
  return state.running;
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
