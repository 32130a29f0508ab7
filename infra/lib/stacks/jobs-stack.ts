import { join } from 'node:path';
import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import type { Construct } from 'constructs';
import { awsServicesByEntry, checkDeclaration } from '../aws-sdk-usage';
import { ApiFunction, type ApiResources } from '../constructs/api-function';
import { repositoryRoot } from '../paths';
import { scheduledJobs as jobSchedule } from '../../../functions/src/jobs/schedule';

export interface JobsStackProps extends StackProps {
  functionEnvironment: Record<string, string>;
  resources: ApiResources;
}

/** The scheduled jobs (functions/src/jobs/schedule.ts, shared with the local stack's timers). */
export const scheduledJobs = jobSchedule.map((job) => ({ ...job, every: Duration.minutes(job.everyMinutes) }));

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
      });
      new events.Rule(this, `${job.name}Schedule`, {
        description: job.description,
        schedule: events.Schedule.rate(job.every),
        targets: [new targets.LambdaFunction(fn, { retryAttempts: 2 })],
      });
    }
  }
}
