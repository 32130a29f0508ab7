/**
 * Starts the ranking job without waiting for it: in AWS an asynchronous invoke (`Event`) of its
 * function, in the local stack the same job in the background of the stack's own process. Either way
 * the caller answers at once; the job publishes what is marked stale.
 */
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { checkAwsAction, guardClient, runOutsideAwsAccess } from '../lib/aws-access';
import { config, LOCAL_RANKING_JOB } from '../lib/config';
import { logger } from '../lib/logger';
import type * as rankingJob from '../jobs/ranking';

/**
 * The job's module, named by a variable so that esbuild does not follow it: a function in AWS
 * starts the job's own Lambda and never runs it in-process, so its bundle carries none of the
 * recompute's code (half of what an operator call compiled at each cold start).
 */
const inProcessJob = '../jobs/ranking';

let client: LambdaClient | undefined;

/** The runs started in this process and not yet ended (the local stack waits for them when it stops). */
const inProcessRuns = new Set<Promise<void>>();

export async function startRankingJob(): Promise<void> {
  const { RANKING_JOB_FUNCTION: functionName } = config();
  if (functionName !== LOCAL_RANKING_JOB) {
    client ??= guardClient('lambda', new LambdaClient({}));
    await client.send(new InvokeCommand({ FunctionName: functionName, InvocationType: 'Event' }));
    return;
  }
  // The same declaration holds locally: a route may start the job only if it says so.
  checkAwsAction('lambda', 'InvokeFunction');
  const run: Promise<void> = runOutsideAwsAccess(() =>
    (import(inProcessJob) as Promise<typeof rankingJob>)
      .then(({ handler }) => handler())
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
