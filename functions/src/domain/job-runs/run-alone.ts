import { randomUUID } from 'node:crypto';
import { jobLeaseRepository } from '../../db/repositories/lease-repository';
import { hostTimeMs } from '../../lib/clock';
import { logger } from '../../lib/logger';

/** Longer than a job function's timeout (5 minutes): a lease outlives the run that holds it. */
export const JOB_LEASE_MS = 6 * 60_000;

/**
 * Runs a scheduled job unless another run of it holds the job's lease (a conditional write), so
 * runs never overlap without reserved concurrency. A run that finds the lease taken does nothing
 * and answers `{ skipped: true }`: the run holding it does the same work.
 */
export async function runAlone<T extends object>(
  job: string,
  run: () => Promise<T>,
  now = new Date(hostTimeMs()),
): Promise<T | { skipped: true }> {
  const owner = randomUUID();
  if (!(await jobLeaseRepository.acquire(job, owner, now, JOB_LEASE_MS))) {
    logger.info('job skipped: another run holds its lease', { job });
    return { skipped: true };
  }
  try {
    return await run();
  } finally {
    await jobLeaseRepository.release(job, owner);
  }
}
