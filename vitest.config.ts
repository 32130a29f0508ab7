import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { appDocumentsPlugin } from './frontend/build/app-documents.ts';

// Every test runs the functions as the local stack does: localhost defaults (functions/src/lib/config.ts).
process.env['STAGE'] ??= 'local';
// Tests write fixtures straight into the table, so the round pages read them on every call.
process.env['ROUND_READ_CACHE_MS'] ??= '0';
// The suites' DynamoDB Local instances live minutes: their JVM skips the optimizing compiler.
process.env['DYNAMODB_LOCAL_SHORT_LIVED'] ??= '1';
// aws-cdk-lib checks each synthesized template against CloudFormation's rules in a WebAssembly engine
// it starts for every synth (about half a synth's CPU). It only warns, and no test reads its
// warnings (the cdk-nag test reads the AwsSolutions errors): the tests' synths skip it, while
// `npm run synth` and every deploy keep it.
process.env['CDK_VALIDATION'] ??= 'false';

/**
 * The SPA's `@/` import alias (frontend/vite.config.ts). Every project resolves alike, even those
 * that never import the SPA: a module transformed once is then read from vitest's module cache by
 * every project whose environment matches (the key holds the project's resolve options).
 */
const resolve = {
  alias: {
    '@': fileURLToPath(new URL('./frontend/src', import.meta.url)),
    // The root's scripts/ (package.json's imports), for the SPA's tests, whose package is frontend/.
    '#scripts': fileURLToPath(new URL('./scripts', import.meta.url)),
  },
};

const unitFolders = ['shared', 'functions', 'frontend/src', 'frontend/build', 'scripts', 'infra/test'];
const unitFiles = unitFolders.map((folder) => `${folder}/**/*.test.{ts,tsx}`);

/** The test files under `folder`, outside installed packages and build output. */
function testFilesIn(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory())
      return ['node_modules', 'dist', 'cdk.out'].includes(entry.name) ? [] : testFilesIn(path);
    return /\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}
/** The unit files that replace modules or set the environment before their imports. */
const isolatedUnitFiles = unitFolders
  .flatMap(testFilesIn)
  .filter((file) => /\bvi\.(mock|doMock|hoisted)\(/.test(readFileSync(file, 'utf8')));

/**
 * The unit files that synthesize the CDK app (the infrastructure's tests, and the bill's, which reads
 * the synthesized templates): a project of their own, so that `npm test` can run them on the other
 * core from the rest of the unit files (scripts/test.ts). They share their worker as the unit files
 * do, and with it each stage's app, synthesized once (infra/test/apps.ts).
 */
const synthUnitFiles = ['infra/test/**/*.test.ts', 'scripts/cost/**/*.test.ts'];

function unitProject(name: string, files: { isolate?: boolean; include?: string[]; exclude?: string[] }) {
  return {
    resolve,
    test: {
      name,
      include: files.include ?? unitFiles,
      exclude: [...configDefaults.exclude, ...(files.exclude ?? [])],
      isolate: files.isolate ?? true,
      setupFiles: ['scripts/test-support/file-setup.ts'],
      testTimeout: 60_000,
    },
  };
}

const e2eOpsFiles = ['tests/e2e/ops-*.test.ts'];

function e2eProject(name: string, files: { include?: string[]; exclude?: string[] }) {
  return {
    resolve,
    test: {
      name,
      include: files.include ?? ['tests/e2e/**/*.test.ts'],
      exclude: [...configDefaults.exclude, ...(files.exclude ?? [])],
      globalSetup: ['tests/e2e/global-setup.ts'],
      // As the unit files: one registry per worker, each file's changes undone after it.
      isolate: false,
      setupFiles: ['scripts/test-support/file-setup.ts'],
      testTimeout: 60_000,
      hookTimeout: 120_000,
      fileParallelism: false,
    },
  };
}

export default defineConfig({
  test: {
    // What a test logs (the app's failures a screen is made to meet, the jobs' metrics lines) shows
    // when it fails.
    silent: 'passed-only',
    // Each module's transform is kept on disk (node_modules/.experimental-vitest-cache, keyed by the
    // file's text and the project's resolve options and plugins, emptied when the lock file changes):
    // the four projects of `npm test` run in processes of their own and import much of the same code
    // (the local stack, the functions, shared/), which is transformed once, not once per project.
    experimental: { fsModuleCache: true },
    projects: [
      // The unit files share one module registry per worker (`isolate: false`): each file's imports
      // are evaluated once, not again for every file, which halves the suite's time. A file that
      // replaces modules (`vi.mock`) or sets the environment before its imports (`vi.hoisted`) needs
      // a registry of its own, so it runs in the isolated twin; `--project 'unit*'` runs all three.
      unitProject('unit', { isolate: false, exclude: [...isolatedUnitFiles, ...synthUnitFiles] }),
      unitProject('unit-synth', { isolate: false, include: synthUnitFiles, exclude: isolatedUnitFiles }),
      unitProject('unit-isolated', { include: isolatedUnitFiles }),
      {
        resolve,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          globalSetup: ['tests/api/global-setup.ts'],
          // As the unit files: one registry per worker, each file's changes undone after it.
          isolate: false,
          setupFiles: ['scripts/test-support/file-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve,
        plugins: [appDocumentsPlugin()],
        test: {
          name: 'screens',
          include: ['frontend/test/screens/**/*.test.tsx'],
          globalSetup: ['tests/screens/global-setup.ts'],
          environment: 'happy-dom',
          // The files share their worker (not a fresh process each): every page the harness opens
          // imports the app afresh, and its set-up runs for every file (frontend/test/screens/setup.ts).
          isolate: false,
          setupFiles: ['frontend/test/screens/setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      // The browser journeys, in two projects: `npm test` runs the operator console's journeys
      // (about a third of the suite's time) on the other core from the rest (scripts/test.ts), each
      // project with the stack and the chromium of its own global setup; `--project 'e2e*'` runs both.
      e2eProject('e2e', { exclude: e2eOpsFiles }),
      e2eProject('e2e-ops', { include: e2eOpsFiles }),
    ],
  },
});
