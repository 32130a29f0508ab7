import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { setClockOffset } from '@golf/functions/lib/clock';
import { repositoryRoot } from '#scripts/local-stack/paths';
import { startStack, type Stack } from '#scripts/local-stack/stack';
import { seedTemplateVariable } from '#scripts/local-stack/seed-template';
import { connectBrowser } from './browser';

/**
 * A stack of the file's own (emulators of its own on a copy of the suite's seeded season, the seed
 * template the global setup names) and a browser, for journeys that change the season for good: the
 * other journeys' season is never touched. Call at the top of a test file; the getters work inside
 * tests.
 */
export function useOwnStack(): { stack: () => Stack; browser: () => Browser } {
  let stack: Stack | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    process.env['TABLE_NAME'] = `golf-e2e-${randomUUID()}`;
    stack = await startStack({
      port: 0,
      dataDir: null,
      spaDir: join(repositoryRoot, 'frontend/dist'),
      quiet: true,
      seedTemplate: process.env[seedTemplateVariable],
    });
    browser = await connectBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    // A file that moved its stack's clock leaves the next file of this process on the host's time.
    setClockOffset(0);
  });
  return { stack: () => stack!, browser: () => browser! };
}

/** Calls the stack's API with a Bearer token; the status and the parsed body, whatever the status. */
export async function callApi<T = unknown>(
  stack: Stack,
  method: string,
  path: string,
  token: string,
  body?: unknown,
): Promise<{ status: number; body: T; text: string }> {
  const response = await fetch(new URL(path, stack.url), {
    method,
    headers: {
      accept: 'application/json',
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T, text };
}
