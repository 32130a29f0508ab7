import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import type * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import type { InfraConfig } from '../config';
import type { ScheduledJob } from './jobs-stack';
import { serviceName } from '@golf/functions/lib/service-name';
import { metricsNamespace, type BusinessMetric } from '@golf/functions/lib/metrics';

/** The topic alarms notify: mailed to the context's `alarmEmail` (confirmed from the first mail). */
function alarmTopic(scope: Construct, config: InfraConfig): sns.Topic {
  const topic = new sns.Topic(scope, 'Alarms', {
    displayName: `Golf dream team ${config.stage} alarms`,
    enforceSSL: true,
  });
  if (config.alarmEmail) topic.addSubscription(new subscriptions.EmailSubscription(config.alarmEmail));
  return topic;
}

/** An alarm that notifies the topic when it fires and when it clears. */
function notifyingAlarm(
  scope: Construct,
  id: string,
  topic: sns.ITopic,
  props: cloudwatch.CreateAlarmOptions & { metric: cloudwatch.IMetric },
): cloudwatch.Alarm {
  const alarm = new cloudwatch.Alarm(scope, id, {
    comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    ...props,
  });
  alarm.addAlarmAction(new actions.SnsAction(topic));
  alarm.addOkAction(new actions.SnsAction(topic));
  return alarm;
}

export interface MonitoringStackProps extends StackProps {
  config: InfraConfig;
  api: apigw.HttpApi;
  table: dynamodb.ITableV2;
  jobs: readonly ScheduledJob[];
  /**
   * The stage's functions its Lambda alarms watch one by one (an alarm's metric math holds at most
   * 10 metrics): the gates and the team saves (api stack) and the sign-in trigger
   * (auth stack). The other route functions answer through the API, whose 5xx rate counts their
   * failures and throttles; the jobs have alarms of their own.
   */
  watchedFunctions: ReadonlyArray<{ name: string; function: lambda.IFunction }>;
  /** The site's distribution (us-east-1), shown on the dashboard; its own alarm lives beside it. */
  distributionId: string;
}

/** The 4xx alarm: this share of the API's requests, in periods of at least this many requests. */
const clientErrorAlarm = { percent: 25, minRequests: 300 };

/** What an alarm's metric math may hold (CloudWatch's limit). */
const alarmMetricsLimit = 10;

const fiveMinutes = Duration.minutes(5);
/**
 * One Lambda metric summed over the stage's watched functions, each function's own metric (never the
 * account's sum over every function of the region, which another stage's functions would swell).
 */
function watchedLambdaSum(
  functions: MonitoringStackProps['watchedFunctions'],
  metricName: 'Errors' | 'Throttles',
): cloudwatch.MathExpression {
  if (functions.length > alarmMetricsLimit)
    throw new Error(`an alarm's metric math holds at most ${alarmMetricsLimit} metrics: ${functions.length}`);
  return new cloudwatch.MathExpression({
    label: `Lambda ${metricName.toLowerCase()}: ${functions.map(({ name }) => name).join(', ')}`,
    expression: 'SUM(FILL(METRICS(), 0))',
    usingMetrics: Object.fromEntries(
      functions.map(({ function: fn }, index) => [
        `${metricName.toLowerCase()}${index}`,
        fn.metric(metricName, { statistic: 'Sum', period: fiveMinutes }),
      ]),
    ),
    period: fiveMinutes,
  });
}
/** One of the game's own metrics, which the functions write in the embedded metric format. */
const businessMetric = (stage: string, metricName: BusinessMetric, statistic = 'Sum') =>
  new cloudwatch.Metric({
    namespace: metricsNamespace,
    metricName,
    dimensionsMap: { service: serviceName, stage },
    statistic,
    period: fiveMinutes,
  });
const sesMetric = (metricName: string) =>
  new cloudwatch.Metric({
    namespace: 'AWS/SES',
    metricName,
    statistic: 'Maximum',
    period: Duration.hours(1),
  });

/**
 * Watching the stage, and only it: alarms on the API's 5xx rate, 4xx rate and p99 latency (its
 * ApiId), the errors and throttles of the stage's watched functions (each function's own metrics),
 * DynamoDB throttles (its table), each job's failures and dead letters, side effects that failed,
 * and the SES reputation (bounce and complaint rates, the account's: SES has no narrower); one
 * dashboard with all of it, CloudFront's traffic and the game's own metrics (saves, imports, ranking
 * publishes, reminders, share cards), read by their `stage` dimension.
 */
export class MonitoringStack extends Stack {
  readonly topic: sns.Topic;
  readonly dashboard: cloudwatch.Dashboard;

  constructor(scope: Construct, id: string, props: MonitoringStackProps) {
    super(scope, id, props);
    const { config, api, table } = props;
    const business = (metricName: BusinessMetric, statistic?: string) =>
      businessMetric(config.stage, metricName, statistic);
    const topic = (this.topic = alarmTopic(this, config));
    const alarm = (
      alarmId: string,
      options: cloudwatch.CreateAlarmOptions & { metric: cloudwatch.IMetric },
    ) => notifyingAlarm(this, alarmId, topic, options);

    const requests = api.metricCount({ period: fiveMinutes, statistic: 'Sum' });
    const serverErrors = api.metricServerError({ period: fiveMinutes, statistic: 'Sum' });
    const errorRate = new cloudwatch.MathExpression({
      label: 'API 5xx %',
      expression: 'IF(requests > 0, 100 * errors / requests, 0)',
      usingMetrics: { requests, errors: serverErrors },
      period: fiveMinutes,
    });
    const clientErrors = api.metricClientError({ period: fiveMinutes, statistic: 'Sum' });
    // Above a floor of requests, so that a few refused calls in a quiet hour do not page anyone.
    const clientErrorRate = new cloudwatch.MathExpression({
      label: 'API 4xx %',
      expression: `IF(requests >= ${clientErrorAlarm.minRequests}, 100 * clientErrors / requests, 0)`,
      usingMetrics: { requests, clientErrors },
      period: fiveMinutes,
    });
    const p99 = api.metricLatency({ period: fiveMinutes, statistic: 'p99' });
    alarm('Api5xxRate', {
      alarmDescription: 'More than 1% of API requests answered 5xx',
      metric: errorRate,
      threshold: 1,
      evaluationPeriods: 3,
      datapointsToAlarm: 2,
    });
    alarm('ApiLatencyP99', {
      alarmDescription: `API p99 latency above ${config.settings.apiP99AlarmMs} ms`,
      metric: p99,
      threshold: config.settings.apiP99AlarmMs,
      evaluationPeriods: 3,
      datapointsToAlarm: 2,
    });
    // The tripwire of docs/adr/0010-api-gate.md: calls at the execute-api host without CloudFront's
    // header are answered 401 by API Gateway itself, so a flood there shows as a 4xx rate.
    alarm('Api4xxRate', {
      alarmDescription: `More than ${clientErrorAlarm.percent}% of API requests answered 4xx for 15 minutes (at least ${clientErrorAlarm.minRequests} requests in 5): calls past CloudFront? (docs/adr/0010-api-gate.md)`,
      metric: clientErrorRate,
      threshold: clientErrorAlarm.percent,
      evaluationPeriods: 3,
      datapointsToAlarm: 3,
    });
    const lambdaErrors = watchedLambdaSum(props.watchedFunctions, 'Errors');
    const lambdaThrottles = watchedLambdaSum(props.watchedFunctions, 'Throttles');
    alarm('LambdaErrors', {
      alarmDescription:
        'Lambda errors of the stage’s gates, team saves or sign-in trigger (the other routes’ show as API 5xx)',
      metric: lambdaErrors,
      threshold: 10,
      evaluationPeriods: 1,
    });
    alarm('LambdaThrottles', {
      alarmDescription:
        'Lambda throttled the stage’s gates, team saves or sign-in trigger: account concurrency is exhausted (see the quotas in docs/deploy.md)',
      metric: lambdaThrottles,
      threshold: 1,
      evaluationPeriods: 1,
    });
    // The operations the functions use (an alarm's expression holds at most 10 metrics).
    const tableThrottles = table.metricThrottledRequestsForOperations({
      period: fiveMinutes,
      operations: [
        dynamodb.Operation.GET_ITEM,
        dynamodb.Operation.BATCH_GET_ITEM,
        dynamodb.Operation.QUERY,
        dynamodb.Operation.PUT_ITEM,
        dynamodb.Operation.UPDATE_ITEM,
        dynamodb.Operation.DELETE_ITEM,
        dynamodb.Operation.BATCH_WRITE_ITEM,
        dynamodb.Operation.TRANSACT_WRITE_ITEMS,
      ],
    });
    alarm('DynamoDbThrottles', {
      alarmDescription: 'DynamoDB throttled requests on the table',
      metric: tableThrottles,
      threshold: 1,
      evaluationPeriods: 1,
    });
    for (const job of props.jobs) {
      alarm(`${job.name}Errors`, {
        alarmDescription: `${job.name} run failed`,
        metric: job.function.metricErrors({ period: fiveMinutes, statistic: 'Sum' }),
        threshold: 1,
        evaluationPeriods: 1,
      });
      alarm(`${job.name}DeadLetters`, {
        alarmDescription: `${job.name}: failed runs waiting in its dead-letter queue`,
        metric: job.failures.metricApproximateNumberOfMessagesVisible({
          period: fiveMinutes,
          statistic: 'Maximum',
        }),
        threshold: 1,
        evaluationPeriods: 1,
      });
    }
    // A guild post, a save receipt, a reminder or another best-effort effect failed while the
    // action it follows stood: each is an error line `side effect failed` naming its effect.
    const sideEffectFailures = business('SideEffectFailures');
    alarm('SideEffectFailures', {
      alarmDescription:
        'Side effects failed (guild posts, save receipts, reminders, ranking job starts): Logs Insights, message "side effect failed"',
      metric: sideEffectFailures,
      threshold: 1,
      evaluationPeriods: 1,
    });
    const bounceRate = sesMetric('Reputation.BounceRate');
    const complaintRate = sesMetric('Reputation.ComplaintRate');
    alarm('MailBounceRate', {
      alarmDescription: 'SES bounce rate above 5% (SES reviews the account at 5%, pauses at 10%)',
      metric: bounceRate,
      threshold: 0.05,
      evaluationPeriods: 1,
    });
    alarm('MailComplaintRate', {
      alarmDescription: 'SES complaint rate above 0.1% (SES reviews the account at 0.1%)',
      metric: complaintRate,
      threshold: 0.001,
      evaluationPeriods: 1,
    });

    const cdn = (metricName: string, statistic: string) =>
      new cloudwatch.Metric({
        namespace: 'AWS/CloudFront',
        metricName,
        statistic,
        period: fiveMinutes,
        region: 'us-east-1',
        dimensionsMap: { DistributionId: props.distributionId, Region: 'Global' },
      });
    const graph = (title: string, left: cloudwatch.IMetric[], right: cloudwatch.IMetric[] = []) =>
      new cloudwatch.GraphWidget({ title, left, right, width: 8, height: 6 });
    this.dashboard = new cloudwatch.Dashboard(this, 'Dashboard', {
      defaultInterval: Duration.hours(6),
      widgets: [
        [
          graph('API requests, 5xx % and 4xx %', [requests], [errorRate, clientErrorRate]),
          graph('API latency p99 (ms)', [p99]),
          graph('CloudFront requests and 5xx %', [cdn('Requests', 'Sum')], [cdn('5xxErrorRate', 'Average')]),
        ],
        [
          graph('Lambda errors and throttles (watched functions)', [lambdaErrors, lambdaThrottles]),
          // The account's: concurrency is one pool for every function of the account and region.
          graph('Lambda concurrency (account)', [
            new cloudwatch.Metric({
              namespace: 'AWS/Lambda',
              metricName: 'ConcurrentExecutions',
              statistic: 'Maximum',
              period: fiveMinutes,
            }),
          ]),
          graph('DynamoDB throttles', [tableThrottles]),
        ],
        [
          graph(
            'Jobs: failures and dead letters',
            props.jobs.map((job) =>
              job.function.metricErrors({ period: fiveMinutes, label: `${job.name} errors` }),
            ),
            props.jobs.map((job) =>
              job.failures.metricApproximateNumberOfMessagesVisible({
                period: fiveMinutes,
                label: `${job.name} DLQ`,
              }),
            ),
          ),
          graph('Mail reputation', [bounceRate, complaintRate]),
          graph('Side effects failed', [sideEffectFailures]),
        ],
        [
          graph('Team saves and imports', [business('TeamSaves')], [business('Imports')]),
          graph(
            'Ranking publish: duration (ms, max) and items written',
            [business('RankingPublishDuration', 'Maximum')],
            [business('RankingPublishItems')],
          ),
          graph('Reminders and share cards', [
            business('RemindersSent'),
            business('RemindersFailed'),
            business('ShareCardsDrawn'),
          ]),
        ],
      ],
    });
  }
}

/**
 * The alarms beside the distribution in us-east-1, where their metrics are: CloudFront's 5xx rate,
 * and a failed rotation of the origin secret (its function, which runs there, failed a step:
 * docs/adr/0010-api-gate.md).
 */
export function distributionAlarms(
  scope: Construct,
  config: InfraConfig,
  distribution: cloudfront.IDistribution,
  originRotation: lambda.IFunction,
) {
  const group = new Construct(scope, 'Monitoring');
  const topic = alarmTopic(group, config);
  notifyingAlarm(group, 'CloudFront5xxRate', topic, {
    alarmDescription: 'More than 1% of the site’s requests answered 5xx at the edge',
    metric: new cloudwatch.Metric({
      namespace: 'AWS/CloudFront',
      metricName: '5xxErrorRate',
      statistic: 'Average',
      period: fiveMinutes,
      dimensionsMap: { DistributionId: distribution.distributionId, Region: 'Global' },
    }),
    threshold: 1,
    evaluationPeriods: 3,
    datapointsToAlarm: 2,
  });
  // Secrets Manager runs a step again after a failure; any failed step is worth a look (a rotation
  // started while the distribution deploys fails at setSecret: docs/deploy.md).
  notifyingAlarm(group, 'OriginSecretRotationFailed', topic, {
    alarmDescription:
      'A step of the origin secret’s rotation failed: CloudFront may keep sending the old value (docs/deploy.md, rotating the origin secret)',
    metric: originRotation.metricErrors({ period: Duration.hours(1), statistic: 'Sum' }),
    threshold: 1,
    evaluationPeriods: 1,
  });
  return topic;
}
