import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { repositoryRoot } from '../../scripts/local-stack/paths';
import { startSuiteStack } from '../../scripts/test-support/suite-stack';
import { chromiumArgs, chromiumExecutable } from '../../scripts/browser/chromium';

let suite: Awaited<ReturnType<typeof startSuiteStack>> | undefined;
let browserServer: BrowserServer | undefined;

/**
 * The whole game on one origin (in memory, seeded) for the browser journeys, and one chromium the
 * files connect to, each with contexts of its own (a launch per file cost about 1.5 s). The stacks of
 * the suite start from one seeded season (`seedTemplate`, the run's when `npm test` runs the suite).
 * `npm test` builds first.
 */
export async function setup(project: TestProject) {
  const spaDir = join(repositoryRoot, 'frontend/dist');
  if (!existsSync(join(spaDir, 'index.html')))
    throw new Error('frontend/dist is missing: run `npm run build` first');
  browserServer = await chromium.launchServer({
    executablePath: chromiumExecutable(),
    headless: true,
    // A journey's page lives seconds: V8's optimizing compilers (Maglev, TurboFan) would compile code
    // no page runs long enough to repay, on the renderer's threads beside the page's own work. Its
    // scripts run as they are interpreted and baseline-compiled, which changes no behaviour and costs
    // the suite's browser about 6% less CPU. The benches (scripts/bench/built-site.ts) keep them:
    // they measure how fast the pages are.
    args: [...chromiumArgs, '--js-flags=--no-opt,--no-maglev'],
  });
  project.provide('browserEndpoint', browserServer.wsEndpoint());
  suite = await startSuiteStack(spaDir);
  project.provide('baseUrl', suite.stack.url);
  project.provide('stackEnv', suite.stack.env);
}

export async function teardown() {
  await browserServer?.close();
  await suite?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    browserEndpoint: string;
  }
}
