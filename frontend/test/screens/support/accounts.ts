import { waitFor } from '@testing-library/dom';
import { userEvent } from '@testing-library/user-event';
import { afterEach, expect, vi, type MockInstance } from 'vitest';
import { apiUrl, networkAnswer } from '../render-app';

/** A field's label exactly (a required field's label also reads 必須). */
export const label = (text: string) => new RegExp(`^${text.replace(/[()（）]/g, (c) => `\\${c}`)}(必須)?$`);

/** Replaces a field's text as a player pasting it would (one input event, not one per key). */
export async function fill(field: HTMLElement, text: string): Promise<void> {
  const user = userEvent.setup();
  await user.clear(field);
  if (text) await user.paste(text);
}

const run = Date.now().toString(36);

/** An address of this run's own, so that the accounts the tests register never meet. */
export const address = (name: string) => `screens-${name}-${run}@example.com`;

/** The API's own answer, past any answer the test gives instead. */
export function callApi(path: string, init: RequestInit & { token?: string } = {}): Promise<Response> {
  const { token, ...rest } = init;
  const headers = new Headers(rest.headers);
  headers.set('Accept', 'application/json');
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return networkAnswer(new Request(new URL(path, apiUrl()), { ...rest, headers }));
}

/**
 * The link of the newest mail to `to` that goes to `path`, as the local stack's mailbox shows it
 * (scripts/local-stack/outbox-page.ts): the path with its query, for `openApp`.
 */
export async function mailLink(to: string, path: string): Promise<string> {
  let found: string | undefined;
  await waitFor(async () => {
    const page = await (await callApi(`/dev/outbox?to=${encodeURIComponent(to)}`)).text();
    const newest = page.split('<article>')[1] ?? '';
    const href = newest.match(/href="(https?:\/\/[^"]+)"/g)?.map((match) => match.slice(6, -1));
    found = href
      ?.map((link) => new URL(link.replaceAll('&amp;', '&')))
      .find((url) => url.pathname === path)?.href;
    if (!found) throw new Error(`no mail to ${to} with a link to ${path}`);
  });
  const url = new URL(found!);
  return `${url.pathname}${url.search}`;
}

async function ok(response: Promise<Response>): Promise<Response> {
  const answer = await response;
  if (!answer.ok) throw new Error(`${answer.url}: ${answer.status} ${await answer.text()}`);
  return answer;
}

/**
 * A player registered by e-mail through the API, as the sign-up screens do it (the browser journey
 * in tests/e2e/accounts.test.ts goes through them): the mailed link, the policy, the profile.
 * Returns the token the link signed them in with.
 */
export async function registerAccount(email: string, password: string, nickname: string): Promise<string> {
  const json = { 'Content-Type': 'application/json' };
  await ok(
    callApi('/api/auth/register', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email, password, password_confirmation: password }),
    }),
  );
  const token = new URL(await mailLink(email, '/register/verify'), apiUrl()).searchParams.get('token')!;
  const verified = await ok(callApi(`/api/auth/register/verify/${token}`));
  const { access_token: accessToken } = (await verified.json()) as { access_token: string };
  await ok(callApi('/api/user/policy', { method: 'PATCH', token: accessToken }));
  const profile = new FormData();
  for (const [field, value] of Object.entries({
    nickname,
    gender: '2',
    age: '3',
    address: '13',
    golf_play_history: '2',
  }))
    profile.append(field, value);
  await ok(callApi('/api/user', { method: 'POST', token: accessToken, body: profile }));
  return accessToken;
}

/**
 * Records what the app writes to `document.cookie` (with the attributes a browser keeps apart)
 * until the returned function is called.
 */
export function watchCookieWrites(): { written: string[]; stop: () => void } {
  let owner: object | null = Object.getPrototypeOf(document) as object;
  while (owner && !Object.getOwnPropertyDescriptor(owner, 'cookie'))
    owner = Object.getPrototypeOf(owner) as object;
  const descriptor = Object.getOwnPropertyDescriptor(owner!, 'cookie')!;
  const written: string[] = [];
  Object.defineProperty(document, 'cookie', {
    configurable: true,
    get: () => descriptor.get!.call(document) as string,
    set: (value: string) => {
      written.push(value);
      descriptor.set!.call(document, value);
    },
  });
  return {
    written,
    stop: () => {
      delete (document as { cookie?: string }).cookie;
    },
  };
}

const pageLoads: Array<MockInstance<(url: string | URL) => void>> = [];
afterEach(() => {
  for (const spy of pageLoads.splice(0)) spy.mockRestore();
});

/**
 * Catches the page loads the app starts itself (`location.assign`) until the test ends: `next`
 * gives the address of the next one, which the test then opens (`openApp`) as the browser would.
 */
export function catchPageLoads(): { next(): Promise<string> } {
  const loads: string[] = [];
  const spy = vi.spyOn(window.location, 'assign').mockImplementation((url: string | URL) => {
    loads.push(String(url));
  });
  pageLoads.push(spy);
  return {
    async next() {
      await waitFor(() => expect(loads.length).toBeGreaterThan(0));
      return loads.shift()!;
    },
  };
}
