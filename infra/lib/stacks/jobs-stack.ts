import { join } from 'node:path';
import { ArnFormat, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { awsServicesByEntry, checkDeclaration, type AwsService } from '../aws-sdk-usage';
import { ApiFunction, readSecretStatement, type ApiResources } from '../constructs/api-function';
import { reminderMailRate, type InfraConfig } from '../config';
import { repositoryRoot } from '../paths';
import type { EnvironmentOf } from '@golf/shared/function-environment';
import {
  packingWorkersFor,
  reminderSender,
  reminderSendersFor,
  scheduledJobs as jobSchedule,
} from '@golf/functions/jobs/schedule';

export interface JobsStackProps extends StackProps {
  functionEnvironment: EnvironmentOf<'log' | 'table' | 'app'>;
  resources: ApiResources;
  /** The ranking job's memory (InfraConfig `rankingJobMemoryMb`); the other jobs have 1,024 MB. */
  rankingJobMemoryMb: number;
  /** LINE reminders (InfraConfig `lineMessaging`): the secret of the channel's token, which the senders read. */
  lineMessaging?: InfraConfig['lineMessaging'];
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
    const reachable = awsServicesByEntry(
      [...scheduledJobs, reminderSender].map((job) => jobEntry(job.module)),
    );
    const senders = this.reminderSenders(props, reachable.get(jobEntry(reminderSender.module))!);
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
          ...('startsReminderSenders' in job.aws ? senders.environment : {}),
        } satisfies EnvironmentOf<'log' | 'table' | 'app'>,
        resources: props.resources,
        memorySize: memoryMb,
        timeout: Duration.minutes(5),
        retryAttempts: 0,
        onFailure: new SqsDestination(failures),
        ...('invokedByName' in job ? { functionName: props.resources.rankingJobName } : {}),
      });
      if ('startsReminderSenders' in job.aws) senders.grantStart(fn);
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

  /**
   * The reminder senders: one function, invoked asynchronously by the reminders job once per sender
   * (and by a sender for its successor), never retried by Lambda (a batch's lease brings it back
   * to another sender), a failed run in its dead-letter queue with the monitoring stack's alarms like
   * a job's. Each sender sends at its share of the SES rate (`reminderMailsPerSecond`); one slot's
   * lease each keeps them to REMINDER_SENDERS at once, without reserved concurrency.
   */
  private reminderSenders(props: JobsStackProps, reachable: ReadonlySet<AwsService>) {
    const rate = reminderMailRate(this.node);
    const count = reminderSendersFor(rate);
    // Named, so that the senders can start their successors (their own ARN, without a cycle).
    const functionName = `golf-${props.functionEnvironment.STAGE}-reminder-sender`;
    const environment = {
      REMINDER_MAILS_PER_SECOND: String(rate),
      REMINDER_SENDERS: String(count),
      REMINDER_SENDER_FUNCTION: functionName,
    };
    checkDeclaration(reminderSender.name, reminderSender.aws, reachable);
    const failures = new sqs.Queue(this, `${reminderSender.name}Failures`, {
      retentionPeriod: Duration.days(14),
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    const { function: fn } = new ApiFunction(this, reminderSender.name, {
      handler: `jobs/${reminderSender.module}`,
      entry: jobEntry(reminderSender.module),
      aws: reminderSender.aws,
      environment: {
        ...props.functionEnvironment,
        ...environment,
        // The one function that sends LINE messages reads the channel's token.
        ...(props.lineMessaging ? { LINE_CHANNEL_SECRET_ID: props.lineMessaging.secretName } : {}),
      } satisfies EnvironmentOf<'log' | 'table' | 'app'>,
      resources: props.resources,
      memorySize: 1024,
      timeout: Duration.minutes(5),
      retryAttempts: 0,
      onFailure: new SqsDestination(failures),
      functionName,
    });
    const arn = this.formatArn({
      service: 'lambda',
      resource: 'function',
      resourceName: functionName,
      arnFormat: ArnFormat.COLON_RESOURCE_NAME,
    });
    const grantStart = (starter: lambda.IFunction) =>
      starter.addToRolePolicy(
        new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [arn] }),
      );
    grantStart(fn);
    if (props.lineMessaging) fn.addToRolePolicy(readSecretStatement(this, props.lineMessaging.secretName));
    this.jobs.push({ name: reminderSender.name, function: fn, failures });
    return { environment, grantStart };
  }
}
