import { join } from 'node:path';
import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { awsServicesByEntry, checkDeclaration } from '../aws-sdk-usage';
import { ApiFunction, type ApiResources } from '../constructs/api-function';
import { repositoryRoot } from '../paths';
import type { EnvironmentOf } from '../../../shared/src/function-environment';
import { packingWorkersFor, scheduledJobs as jobSchedule } from '../../../functions/src/jobs/schedule';

export interface JobsStackProps extends StackProps {
  functionEnvironment: EnvironmentOf<'log' | 'table' | 'app'>;
  resources: ApiResources;
  /** The ranking job's memory (InfraConfig `rankingJobMemoryMb`); the other jobs have 1,024 MB. */
  rankingJobMemoryMb: number;
}

/** The scheduled jobs (functions/src/jobs/schedule.ts, shared with the local stack's timers). */
export const scheduledJobs = jobSchedule.map((job) => ({
  ...job,
  every: Duration.minutes(job.everyMinutes),
}));

const jobEntry = (module: string) => join(repositoryRoot, 'functions/src/jobs', `${module}.ts`);

export interface ScheduledJob {
  name: string;
  function: lambda.IFunction;
  /** Failed runs, and schedules that could not start a run. */
  failures: sqs.IQueue;
}

/**
 * Stateless: one function per job on an EventBridge schedule, with the API's settings. One run at
 * a time by the job's lease in the table (a conditional write), not by reserved concurrency, which a
 * new account's concurrency quota (10) cannot spare: a run that finds the lease held does nothing.
 * A failed run is not retried (the next one, 5 minutes later, does the same idempotent work); it
 * lands in the job's dead-letter queue, as does a schedule that could not start a run, and the
 * monitoring stack alarms on both.
 */
export class JobsStack extends Stack {
  readonly jobs: ScheduledJob[] = [];

  constructor(scope: Construct, id: string, props: JobsStackProps) {
    super(scope, id, props);
    const reachable = awsServicesByEntry(scheduledJobs.map((job) => jobEntry(job.module)));
    for (const job of scheduledJobs) {
      const memoryMb = 'packsInParallel' in job ? props.rankingJobMemoryMb : 1024;
      checkDeclaration(job.name, job.aws, reachable.get(jobEntry(job.module))!);
      const failures = new sqs.Queue(this, `${job.name}Failures`, {
        retentionPeriod: Duration.days(14),
        encryption: sqs.QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
      });
      const { function: fn } = new ApiFunction(this, job.name, {
        handler: `jobs/${job.module}`,
        entry: jobEntry(job.module),
        aws: job.aws,
        environment: {
          ...props.functionEnvironment,
          // Lambda shows a function at least 2 cores whatever its memory: the count follows the memory.
          ...('packsInParallel' in job
            ? { RANKING_PACKING_WORKERS: String(packingWorkersFor(memoryMb)) }
            : {}),
        } satisfies EnvironmentOf<'log' | 'table' | 'app'>,
        resources: props.resources,
        memorySize: memoryMb,
        timeout: Duration.minutes(5),
        retryAttempts: 0,
        onFailure: new SqsDestination(failures),
        ...('invokedByName' in job ? { functionName: props.resources.rankingJobName } : {}),
      });
      new events.Rule(this, `${job.name}Schedule`, {
        description: job.description,
        schedule: events.Schedule.rate(job.every),
        targets: [
          new targets.LambdaFunction(fn, {
            retryAttempts: 2,
            maxEventAge: Duration.minutes(4),
            deadLetterQueue: failures,
          }),
        ],
      });
      this.jobs.push({ name: job.name, function: fn, failures });
    }
  }
}
