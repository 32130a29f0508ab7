import type { TestProject } from 'vitest/node';
import { routeList } from '../../shared/src/contracts';
import { awsCallsByRoute } from '../../scripts/local-stack/lambda-adapter';
import { startSuiteStack } from '../../scripts/test-support/suite-stack';

let suite: Awaited<ReturnType<typeof startSuiteStack>> | undefined;
let apiProject: TestProject | undefined;

/**
 * One in-memory stack (DynamoDB Local, s3rver, handlers) for the whole API suite. It and the files'
 * own seeded stacks (tests/api/support/own-stack.ts) start from one seeded season, in the run's seed
 * templates' folder when `npm test` runs the suite.
 */
export async function setup(project: TestProject) {
  apiProject = project;
  suite = await startSuiteStack(null);
  project.provide('apiUrl', suite.stack.url);
  project.provide('stackEnv', suite.stack.env);
}

/**
 * Every handler ran under its route's `aws` declaration. The suite fails when any call was refused
 * (even one a handler swallowed), and, when every file ran, when a deployed route was never called:
 * then each declaration has met its handler's real calls.
 */
export async function teardown() {
  await suite?.stop();
  const problems = [...awsCallsByRoute].flatMap(([route, calls]) =>
    [...calls].filter(([, allowed]) => !allowed).map(([action]) => `${route} was refused ${action}`),
  );
  if (apiProject && (await wholeSuiteRan(apiProject))) {
    for (const route of routeList()) {
      if (!route.localOnly && !awsCallsByRoute.has(route.name))
        problems.push(`${route.name} was never called`);
    }
  }
  if (problems.length > 0) {
    console.error(`AWS access declarations (shared/src/routes):\n- ${problems.join('\n- ')}`);
    // A global teardown cannot fail a test; the run's exit code says it.
    process.exitCode = 1;
  }
}

async function wholeSuiteRan(project: TestProject): Promise<boolean> {
  const { testFiles } = await project.globTestFiles();
  const ran = new Set(project.vitest.state.getFiles().map((file) => file.filepath));
  return testFiles.every((file) => ran.has(file));
}

declare module 'vitest' {
  export interface ProvidedContext {
    apiUrl: string;
    stackEnv: Record<string, string>;
  }
}
