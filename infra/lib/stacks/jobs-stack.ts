import { join } from 'node:path';
import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import type { Construct } from 'constructs';
import { awsServicesByEntry, checkDeclaration } from '../aws-sdk-usage';
import { ApiFunction, type ApiResources } from '../constructs/api-function';
import { repositoryRoot } from '../paths';

export interface JobsStackProps extends StackProps {
  functionEnvironment: Record<string, string>;
  resources: ApiResources;
}

/** The scheduled jobs: module under functions/src/jobs, how often it runs. */
export const scheduledJobs = [
  {
    name: 'RankingRecompute',
    module: 'ranking',
    every: Duration.minutes(5),
    aws: { table: 'write' },
    description: 'Publishes the rankings marked stale (started at once by operator calls, and on schedule)',
    /** Operator routes invoke it by this name (ApiResources.rankingJobName). */
    invokedByName: true,
  },
  {
    name: 'CarryOver',
    module: 'carry-over',
    every: Duration.minutes(5),
    aws: { table: 'write' },
    description: 'Teams settled at each passed round deadline (carry-over, ineligible players)',
  },
] as const;

const jobEntry = (module: string) => join(repositoryRoot, 'functions/src/jobs', `${module}.ts`);

/** Stateless: one function per job on an EventBridge schedule, with the API's settings and grants. */
export class JobsStack extends Stack {
  constructor(scope: Construct, id: string, props: JobsStackProps) {
    super(scope, id, props);
    const reachable = awsServicesByEntry(scheduledJobs.map((job) => jobEntry(job.module)));
    for (const job of scheduledJobs) {
      checkDeclaration(job.name, job.aws, reachable.get(jobEntry(job.module))!);
      const { function: fn } = new ApiFunction(this, job.name, {
        handler: `jobs/${job.module}`,
        entry: jobEntry(job.module),
        aws: job.aws,
        environment: props.functionEnvironment,
        resources: props.resources,
        memorySize: 1024,
        timeout: Duration.minutes(5),
        ...('invokedByName' in job ? { functionName: props.resources.rankingJobName } : {}),
      });
      new events.Rule(this, `${job.name}Schedule`, {
        description: job.description,
        schedule: events.Schedule.rate(job.every),
        targets: [new targets.LambdaFunction(fn, { retryAttempts: 2 })],
      });
    }
  }
}
