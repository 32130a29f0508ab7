import { text } from 'node:stream/consumers';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Download,
  type Locator,
  type Page,
} from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';

/** A phone, as the game is designed for: 375 px wide, Japanese, Tokyo time. */
const phone = {
  viewport: { width: 375, height: 812 },
  locale: 'ja-JP',
  timezoneId: 'Asia/Tokyo',
  reducedMotion: 'reduce',
} as const;

/**
 * A connection to the suite's one chromium (tests/e2e/global-setup.ts), each file its own: closing it
 * closes the contexts it made and leaves the browser to the next file.
 */
export function connectBrowser(): Promise<Browser> {
  return chromium.connect(inject('browserEndpoint'));
}

/** What the browser downloaded, as text (streamed from the browser, which runs apart from the tests). */
export async function downloadedText(download: Download): Promise<string> {
  return text(await download.createReadStream());
}

/** The origin the global setup started the whole stack on. */
export function baseUrl(): string {
  return inject('baseUrl');
}

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  /** Uncaught exceptions in the page; a journey should end with none. */
  pageErrors: Error[];
  close(): Promise<void>;
}

/** A new context as a phone, whose relative URLs go to `baseUrl` (the suite's stack by default). */
async function phoneContext(browser: Browser, url = baseUrl()): Promise<BrowserContext> {
  const context = await browser.newContext({ ...phone, baseURL: url });
  context.setDefaultTimeout(15_000);
  return context;
}

/** The page's uncaught exceptions, collected from now on. */
function pageErrorsOf(page: Page): Error[] {
  const pageErrors: Error[] = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  return pageErrors;
}

/** A fresh context (no cookies, no storage) with one page whose relative URLs go to the stack. */
export async function newPage(browser: Browser, options: { baseUrl?: string } = {}): Promise<BrowserSession> {
  const context = await phoneContext(browser, options.baseUrl);
  const page = await context.newPage();
  return { context, page, pageErrors: pageErrorsOf(page), close: () => context.close() };
}

const pooled = new WeakMap<Browser, BrowserContext>();

/**
 * A page as `newPage` gives, in a context the file's tests share: each call closes the pages before,
 * clears the cookies, the origin's storage, the routes and the permissions, comes back online and
 * opens a new page (so a new session storage and the phone's viewport). A fresh context with its
 * first load of the app costs chromium about twice the CPU of a load in a context that has loaded it
 * (its cache and compiled scripts stay). Not for a test that adds init scripts to the context (they
 * cannot be removed), needs an empty cache or keeps another page open beside it: those take
 * `newPage`. `baseUrl` (a file's own stack) is read when the file's first call makes the context.
 */
export async function reusedPage(
  browser: Browser,
  options: { baseUrl?: string } = {},
): Promise<BrowserSession> {
  let context = pooled.get(browser);
  if (!context) {
    context = await phoneContext(browser, options.baseUrl);
    pooled.set(browser, context);
  } else {
    for (const open of context.pages()) await open.close();
    await Promise.all([
      context.clearCookies(),
      context.clearPermissions(),
      context.unrouteAll(),
      context.setOffline(false),
    ]);
  }
  const page = await context.newPage();
  // The stack's origin, without the app: a small file, where the storage can be cleared.
  await page.goto('/robots.txt');
  await page.evaluate(() => {
    const storage = globalThis as unknown as { localStorage: { clear(): void } };
    storage.localStorage.clear();
  });
  return { context, page, pageErrors: pageErrorsOf(page), close: () => page.close() };
}

/** Waits until the page shows `pathname` (the SPA navigates without loading a document). */
export async function waitForPath(page: Page, pathname: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname);
}

/** JSON from the stack's API, for comparing what a screen shows with what the server says. */
export async function apiGet<T>(path: string): Promise<T> {
  const response = await fetch(new URL(path, baseUrl()), { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (await response.json()) as T;
}

/**
 * One browser for the file's tests: launched before them, closed after. Call at the top of a test
 * file; the returned function gives the browser inside tests.
 */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the browser is not launched yet');
    return browser;
  };
}

/** Closes the session; a journey must end with no uncaught error in the page. */
export async function closeChecked(session: BrowserSession): Promise<void> {
  const errors = session.pageErrors.map((error) => error.message);
  await session.close();
  expect(errors).toEqual([]);
}

/** Whether the element is wholly inside the viewport (scrolled to), not just rendered. */
export async function isInViewport(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = (
      element as unknown as { getBoundingClientRect(): { top: number; bottom: number } }
    ).getBoundingClientRect();
    const height = (globalThis as unknown as { innerHeight: number }).innerHeight;
    return box.top >= 0 && box.bottom <= height;
  });
}

/** On how many lines the element's text is laid out (1: no word of it wraps). */
export async function textLines(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    interface Range {
      selectNodeContents(node: unknown): void;
      getClientRects(): ArrayLike<{ top: number }>;
    }
    const { document } = globalThis as unknown as { document: { createRange(): Range } };
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size;
  });
}
