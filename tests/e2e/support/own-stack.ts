import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { repositoryRoot } from '../../../scripts/local-stack/paths';
import { startStack, type Stack } from '../../../scripts/local-stack/stack';
import { launchBrowser } from './browser';

/**
 * A stack of the file's own (in-memory, freshly seeded) and a browser, for journeys that change the
 * season for good. Call at the top of a test file; the getters work inside tests.
 */
export function useOwnStack(): { stack: () => Stack; browser: () => Browser } {
  let stack: Stack | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    // A test file inherits the shared stack's endpoints from the runner; without them this stack
    // starts emulators of its own instead of changing the season the other journeys read.
    for (const name of ['AWS_ENDPOINT_URL', 'AWS_ENDPOINT_URL_DYNAMODB', 'AWS_ENDPOINT_URL_S3'])
      delete process.env[name];
    stack = await startStack({
      port: 0,
      dataDir: null,
      spaDir: join(repositoryRoot, 'frontend/dist'),
      quiet: true,
    });
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
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
