import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import type * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import type { InfraConfig } from '../config';
import type { ScheduledJob } from './jobs-stack';
import { serviceName } from '../../../functions/src/lib/service-name';
import { metricsNamespace, type BusinessMetric } from '../../../functions/src/lib/metrics';

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
  /** The site's distribution (us-east-1), shown on the dashboard; its own alarm lives beside it. */
  distributionId: string;
}

const fiveMinutes = Duration.minutes(5);
const lambdaMetric = (metricName: string) =>
  new cloudwatch.Metric({ namespace: 'AWS/Lambda', metricName, statistic: 'Sum', period: fiveMinutes });
/** One of the game's own metrics, which the functions write in the embedded metric format. */
const businessMetric = (metricName: BusinessMetric, statistic = 'Sum') =>
  new cloudwatch.Metric({
    namespace: metricsNamespace,
    metricName,
    dimensionsMap: { service: serviceName },
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
 * Watching the stage: alarms on the API's 5xx rate and p99 latency, Lambda errors and throttles
 * (every function of the region: one stage per account and region, as docs/deploy.md says),
 * DynamoDB throttles, each job's failures and dead letters, and the SES reputation (bounce and
 * complaint rates); one dashboard with all of it, CloudFront's traffic and the game's own metrics
 * (saves, imports, ranking publishes, reminders, share cards).
 */
export class MonitoringStack extends Stack {
  readonly topic: sns.Topic;
  readonly dashboard: cloudwatch.Dashboard;

  constructor(scope: Construct, id: string, props: MonitoringStackProps) {
    super(scope, id, props);
    const { config, api, table } = props;
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
    alarm('LambdaErrors', {
      alarmDescription: 'Lambda errors across the stage’s functions',
      metric: lambdaMetric('Errors'),
      threshold: 10,
      evaluationPeriods: 1,
    });
    alarm('LambdaThrottles', {
      alarmDescription:
        'Lambda throttled: account concurrency is exhausted (see the quotas in docs/deploy.md)',
      metric: lambdaMetric('Throttles'),
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
          graph('API requests and 5xx %', [requests], [errorRate]),
          graph('API latency p99 (ms)', [p99]),
          graph('CloudFront requests and 5xx %', [cdn('Requests', 'Sum')], [cdn('5xxErrorRate', 'Average')]),
        ],
        [
          graph('Lambda errors and throttles', [lambdaMetric('Errors'), lambdaMetric('Throttles')]),
          graph('Lambda concurrency', [
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
        ],
        [
          graph('Team saves and imports', [businessMetric('TeamSaves')], [businessMetric('Imports')]),
          graph(
            'Ranking publish: duration (ms, max) and items written',
            [businessMetric('RankingPublishDuration', 'Maximum')],
            [businessMetric('RankingPublishItems')],
          ),
          graph('Reminders and share cards', [
            businessMetric('RemindersSent'),
            businessMetric('RemindersFailed'),
            businessMetric('ShareCardsDrawn'),
          ]),
        ],
      ],
    });
  }
}

/** CloudFront's 5xx rate alarm: beside the distribution in us-east-1, where its metrics are. */
export function distributionAlarms(
  scope: Construct,
  config: InfraConfig,
  distribution: cloudfront.IDistribution,
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
  return topic;
}
