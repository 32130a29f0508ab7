import { afterAll } from 'vitest';
import { resetConfig } from '../../functions/src/lib/config';
import { clockOffset, setClockOffset } from '../../functions/src/lib/clock';
import { setDb } from '../../functions/src/db/client';
import { runJobEntriesInProcess } from '../local-stack/in-process-jobs';

/**
 * Set up before each test file of a project whose files share a worker's module registry
 * (`isolate: false` in vitest.config.ts). What a file changes in the process is undone after it: the
 * environment variables it set or removed are as they were, the configuration and the DynamoDB
 * client made from them are made again (a stack of the file's own may have pointed them at its own
 * DynamoDB Local), and the game clock is back where it was.
 */
const environment = { ...process.env };
// The file's own handlers and jobs run in this process, as the local stack's do: so do the jobs
// they start (the ranking job, the reminder senders).
runJobEntriesInProcess();
const offset = process.env['STAGE'] === 'local' ? clockOffset() : undefined;

afterAll(() => {
  for (const key of Object.keys(process.env)) if (!(key in environment)) delete process.env[key];
  Object.assign(process.env, environment);
  resetConfig();
  setDb(undefined);
  if (offset !== undefined) setClockOffset(offset);
});
