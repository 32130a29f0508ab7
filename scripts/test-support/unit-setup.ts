import { afterAll } from 'vitest';
import { resetConfig } from '../../functions/src/lib/config';

/**
 * Set up before each unit file. The unit files of a worker share one process and module registry
 * (vitest.config.ts), so what a file changes in the environment is undone after it: the variables it
 * set or removed are as they were, and the configuration read from them is read again.
 */
const environment = { ...process.env };

afterAll(() => {
  for (const key of Object.keys(process.env)) if (!(key in environment)) delete process.env[key];
  Object.assign(process.env, environment);
  resetConfig();
});
