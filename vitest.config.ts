import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Every test runs the functions as the local stack does: localhost defaults (functions/src/lib/config.ts).
process.env['STAGE'] ??= 'local';
// Tests write fixtures straight into the table, so the round pages read them on every call.
process.env['ROUND_READ_CACHE_MS'] ??= '0';
// The suites' DynamoDB Local instances live minutes: their JVM skips the optimizing compiler.
process.env['DYNAMODB_LOCAL_SHORT_LIVED'] ??= '1';

export default defineConfig({
  test: {
    projects: [
      {
        // The SPA's `@/` import alias (frontend/vite.config.ts), for its unit tests.
        resolve: { alias: { '@': fileURLToPath(new URL('./frontend/src', import.meta.url)) } },
        test: {
          name: 'unit',
          include: [
            'shared/**/*.test.ts',
            'functions/**/*.test.ts',
            'frontend/src/**/*.test.{ts,tsx}',
            'frontend/build/**/*.test.ts',
            'scripts/**/*.test.ts',
            'infra/test/**/*.test.ts',
          ],
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          globalSetup: ['tests/api/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
