import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { repositoryRoot } from '../local-stack/paths';
import { startStack } from '../local-stack/stack';

/** The built SPA on a seeded, in-memory local stack, and a headless Chromium to open it with. */
export async function startBuiltSite() {
  const stack = await startStack({
    port: 0,
    dataDir: null,
    spaDir: join(repositoryRoot, 'frontend/dist'),
    quiet: true,
  });
  const browser = await chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  return {
    stack,
    browser,
    stop: async () => {
      await browser.close();
      await stack.stop();
    },
  };
}
