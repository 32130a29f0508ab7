import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { repositoryRoot } from '../../scripts/local-stack/paths';
import { startStack, type Stack } from '../../scripts/local-stack/stack';

let stack: Stack | undefined;

/** The whole game on one origin (in memory, seeded) for the browser journeys. `npm test` builds first. */
export async function setup(project: TestProject) {
  const spaDir = join(repositoryRoot, 'frontend/dist');
  if (!existsSync(join(spaDir, 'index.html')))
    throw new Error('frontend/dist is missing: run `npm run build` first');
  stack = await startStack({ port: 0, dataDir: null, spaDir, quiet: true });
  project.provide('baseUrl', stack.url);
  project.provide('stackEnv', stack.env);
}

export async function teardown() {
  await stack?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
