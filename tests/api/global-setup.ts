import type { TestProject } from 'vitest/node';
import { startStack, type Stack } from '../../scripts/local-stack/stack';

let stack: Stack | undefined;

/** One in-memory stack (DynamoDB Local, s3rver, handlers) for the whole API suite. */
export async function setup(project: TestProject) {
  stack = await startStack({ port: 0, dataDir: null, spaDir: null, quiet: true });
  project.provide('apiUrl', stack.url);
  project.provide('stackEnv', stack.env);
}

export async function teardown() {
  await stack?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    apiUrl: string;
    stackEnv: Record<string, string>;
  }
}
