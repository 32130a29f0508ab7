/**
 * Starts the ranking job without waiting for it: in AWS an asynchronous invoke of its function, in
 * the local stack the job's entry (handed over through in-process-jobs.ts) in the background of this
 * process. Either way the caller answers at once; the job publishes what is marked stale.
 */
import { invokeWithoutWaiting } from '../../adapters/function-invoke';
import { checkAwsAction, runOutsideAwsAccess } from '../../lib/aws-access';
import { config, LOCAL_RANKING_JOB } from '../../lib/config';
import { logger } from '../../lib/logger';
import { inProcessJobs } from './in-process-jobs';

/** The runs started in this process and not yet ended (the local stack waits for them when it stops). */
const inProcessRuns = new Set<Promise<void>>();

export async function startRankingJob(): Promise<void> {
  const { RANKING_JOB_FUNCTION: functionName } = config();
  if (functionName !== LOCAL_RANKING_JOB) return invokeWithoutWaiting(functionName);
  // The same declaration holds locally: a route may start the job only if it says so.
  checkAwsAction('lambda', 'InvokeFunction');
  const { rankingJob } = inProcessJobs();
  const run: Promise<void> = runOutsideAwsAccess(() =>
    rankingJob()
      .then(
        () => undefined,
        (error: unknown) => logger.error('ranking job failed', { error: String(error) }),
      )
      .finally(() => inProcessRuns.delete(run)),
  );
  inProcessRuns.add(run);
}

/**
 * Resolves once no run started in this process is going, those started meanwhile included: the local
 * stack waits here before it stops DynamoDB Local and s3rver, so that no run is cut off in the
 * middle of an answer.
 */
export async function inProcessRankingJobsSettled(): Promise<void> {
  while (inProcessRuns.size > 0) await Promise.all([...inProcessRuns]);
}
