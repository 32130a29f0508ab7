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
    args: chromiumArgs,
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
