import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { repositoryRoot } from '../../scripts/local-stack/paths';
import { startSuiteStack } from '../../scripts/test-support/suite-stack';
import { chromiumArgs, chromiumExecutable } from '../../scripts/browser/chromium';

const journeyStack = Symbol.for('golf.e2e.stack');

/**
 * The whole game on one origin (in memory, seeded) for the browser journeys, and one chromium the
 * files connect to, each with contexts of its own (a launch per file cost about 1.5 s). The stacks of
 * the suite start from one seeded season (`seedTemplate`, the run's when `npm test` runs the suite).
 * `npm test` builds first. Both journey projects (vitest.config.ts) run it, each in a process of its
 * own: the stack's handlers read vitest's process environment, which one stack alone may hold.
 */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const running = globalThis as unknown as Record<symbol, string | undefined>;
  const other = running[journeyStack];
  if (other) {
    const message = `the journeys of ${other} already run in this process: run one e2e project at a time (npx vitest run --project ${project.name})`;
    // Printed as well: vitest fails to print an error thrown here.
    console.error(message);
    throw new Error(message);
  }
  running[journeyStack] = project.name;
  const spaDir = join(repositoryRoot, 'frontend/dist');
  if (!existsSync(join(spaDir, 'index.html')))
    throw new Error('frontend/dist is missing: run `npm run build` first');
  const browserServer: BrowserServer = await chromium.launchServer({
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
  const suite = await startSuiteStack(spaDir);
  project.provide('baseUrl', suite.stack.url);
  project.provide('stackEnv', suite.stack.env);
  return async () => {
    await browserServer.close();
    await suite.stop();
    running[journeyStack] = undefined;
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    browserEndpoint: string;
  }
}
