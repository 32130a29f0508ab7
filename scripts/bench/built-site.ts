import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { repositoryRoot } from '../local-stack/paths';
import { startStack } from '../local-stack/stack';
import { sampleSeason } from './smoke';
import { chromiumArgs, chromiumExecutable } from '../browser/chromium';

/**
 * The built SPA on a seeded, in-memory local stack (a smoke run's from the run's seed template under
 * `npm test`, scripts/bench/smoke.ts), and a headless Chromium to open it with.
 */
export async function startBuiltSite() {
  const stack = await startStack({
    port: 0,
    dataDir: null,
    spaDir: join(repositoryRoot, 'frontend/dist'),
    quiet: true,
    ...sampleSeason(),
  });
  const browser = await chromium.launch({
    executablePath: chromiumExecutable(),
    headless: true,
    args: chromiumArgs,
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
