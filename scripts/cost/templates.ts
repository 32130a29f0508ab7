import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { buildApp } from '../../infra/lib/app';
import { operatorSecrets } from '../../infra/lib/config';
import { repositoryRoot } from '../../infra/lib/paths';
import type { BenchFigures, CognitoPlan, Deployed } from './model';

type Resource = { Type: string; Properties?: Record<string, unknown> };

/**
 * The stage the bill is for: prod on its own domain (an ACM certificate and a CloudFront alias cost
 * nothing more), with every sign-in provider and LINE reminders, as the bill prices them (the
 * providers' and the LINE token's secrets).
 */
export const costStage = {
  stage: 'prod',
  domainName: 'golf.example.jp',
  certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc',
  socialProviders: 'google,apple,line,x',
  lineReminders: 'true',
};

/** The cost stage, synthesized in-process (bundling skipped). */
function costStageApp(): ReturnType<typeof buildApp> {
  const { context } = JSON.parse(readFileSync(join(repositoryRoot, 'cdk.json'), 'utf8')) as {
    context: Record<string, unknown>;
  };
  return buildApp({ context: { ...context, ...costStage, 'aws:cdk:bundling-stacks': [] } });
}

/** The sample values an access log line's variables are sized with (a ranking read behind CloudFront). */
const accessLogSample: Record<string, string> = {
  'identity.sourceIp': '2600:9000:2345:6789::1',
  'identity.caller': '-',
  'identity.user': '-',
  requestTime: '29/Nov/2026:11:30:00 +0000',
  httpMethod: 'GET',
  resourcePath: '/api/golf/ranking',
  protocol: 'HTTP/1.1',
  status: '200',
  responseLength: '2048',
  requestId: 'a1B2c3D4e5F6g7H=',
};

/** Bytes of one access log line in `format`, its variables given the sample values (16 bytes if unknown). */
export const accessLogLineBytes = (format: string) =>
  Buffer.byteLength(
    format.replace(/\$context\.([\w.]+)/g, (_, name: string) => accessLogSample[name] ?? 'x'.repeat(16)),
  ) + 1;

/**
 * What the cost stage deploys, read from its templates; `parts`, that stage's app and configuration
 * when they are already built (the tests share one synth: infra/test/apps.ts).
 */
export function deployedFromTemplates(parts: ReturnType<typeof buildApp> = costStageApp()): Deployed {
  const resources = parts.app.node
    .findAll()
    .filter((node): node is Stack => Stack.isStack(node))
    .flatMap((stack) =>
      Object.entries(
        (Template.fromStack(stack).toJSON() as { Resources: Record<string, Resource> }).Resources,
      ),
    );
  const of = (type: string) => resources.filter(([, resource]) => resource.Type === type);
  const functions = of('AWS::Lambda::Function');
  const memory = (resource: Resource) => Number(resource.Properties?.['MemorySize'] ?? 128);
  const variables = (resource: Resource) =>
    ((resource.Properties?.['Environment'] as { Variables?: Record<string, unknown> } | undefined)
      ?.Variables ?? {}) as Record<string, unknown>;
  const reading = (variable: string) => functions.filter(([, fn]) => variable in variables(fn));
  // Scheduled jobs: a rule's target function, its rate.
  const jobs = of('AWS::Events::Rule').map(([id, rule]) => {
    const rate = /rate\((\d+) minutes?\)/.exec(String(rule.Properties?.['ScheduleExpression']));
    const target = JSON.stringify(rule.Properties?.['Targets']);
    const fn = functions.find(([fnId]) => target.includes(`"${fnId}"`));
    return {
      name: id.replace(/Schedule.*$/, ''),
      memoryMb: fn ? memory(fn[1]) : 0,
      runsPerMonth: rate ? Math.round((30 * 24 * 60) / Number(rate[1])) : 0,
    };
  });
  const apiFunctions = functions.filter(([id]) => !jobs.some((job) => id.startsWith(job.name)));
  const sizes = apiFunctions.map(([, fn]) => memory(fn));
  const commonest = [...new Set(sizes)].sort(
    (a, b) => sizes.filter((s) => s === b).length - sizes.filter((s) => s === a).length,
  )[0]!;
  const pool = of('AWS::Cognito::UserPool')[0]?.[1];
  const webAcl = of('AWS::WAFv2::WebACL')[0]?.[1];
  const retention = of('AWS::Logs::LogGroup').map(([, group]) =>
    Number(group.Properties?.['RetentionInDays']),
  );
  const secrets = of('AWS::SecretsManager::Secret').reduce(
    (sum, [, secret]) =>
      sum + 1 + ((secret.Properties?.['ReplicaRegions'] as unknown[] | undefined)?.length ?? 0),
    0,
  );
  const warm = of('AWS::DynamoDB::GlobalTable')[0]?.[1].Properties?.['WarmThroughput'] as
    | { ReadUnitsPerSecond: number; WriteUnitsPerSecond: number }
    | undefined;
  // The gate: the Lambda authorizers of the HTTP API, their cache, their function's memory.
  const authorizers = of('AWS::ApiGatewayV2::Authorizer').map(([, authorizer]) => {
    const uri = JSON.stringify(authorizer.Properties?.['AuthorizerUri']);
    return {
      ttlSeconds: Number(authorizer.Properties?.['AuthorizerResultTtlInSeconds'] ?? 0),
      memoryMb: memory(functions.find(([fnId]) => uri.includes(`"${fnId}"`))![1]),
    };
  });
  // The distributions: the site's (with the web ACL) and the uploads CDN; their edge functions.
  type Behaviour = { PathPattern?: string; FunctionAssociations?: unknown[] };
  const distributions = of('AWS::CloudFront::Distribution').map(([id, distribution]) => {
    const config = distribution.Properties?.['DistributionConfig'] as {
      WebACLId?: unknown;
      Logging?: unknown;
      DefaultCacheBehavior: Behaviour;
      CacheBehaviors?: Behaviour[];
    };
    const runs = (behaviour: Behaviour | undefined) => behaviour?.FunctionAssociations?.length ?? 0;
    return {
      id,
      site: config.WebACLId !== undefined,
      logged: config.Logging !== undefined,
      defaultFunctions: runs(config.DefaultCacheBehavior),
      apiFunctions: runs(config.CacheBehaviors?.find((b) => b.PathPattern === '/api/*')),
    };
  });
  const site = distributions.find((d) => d.site)!;
  const uploads = distributions.find((d) => !d.site)!;
  const senders = reading('REMINDER_SENDERS').map(([, fn]) => Number(variables(fn)['REMINDER_SENDERS']));
  return {
    apiFunctions: apiFunctions.length,
    apiMemoryMb: commonest,
    jobs,
    rankingJobMemoryMb: Math.max(...jobs.map((job) => job.memoryMb)),
    // CloudWatch bills an alarm by the metrics it reads: a metric math alarm by each of them.
    alarmMetrics: of('AWS::CloudWatch::Alarm').reduce((sum, [, alarm]) => {
      const metrics = (alarm.Properties?.['Metrics'] as Array<{ MetricStat?: unknown }> | undefined) ?? [];
      return sum + Math.max(1, metrics.filter((metric) => metric.MetricStat).length);
    }, 0),
    dashboards: of('AWS::CloudWatch::Dashboard').length,
    wafRules: (webAcl?.Properties?.['Rules'] as unknown[] | undefined)?.length ?? 0,
    wafLogging: of('AWS::WAFv2::LoggingConfiguration').length > 0,
    secrets,
    secretsRead: operatorSecrets(parts.config).length,
    secretReaders: {
      origin: reading('ORIGIN_SECRET_ID').length,
      arrivalReceipt: reading('ARRIVAL_RECEIPT_SECRET_ID').length,
      lineToken: reading('LINE_CHANNEL_SECRET_ID').length,
      socialSignIn: new Set([...reading('LINE_SECRET_ID'), ...reading('X_SECRET_ID')].map(([id]) => id)).size,
    },
    reminderSenders: Math.max(0, ...senders),
    gate: {
      authorizers: authorizers.length,
      ttlSeconds: Math.min(...authorizers.map((a) => a.ttlSeconds)),
      memoryMb: Math.max(...authorizers.map((a) => a.memoryMb)),
    },
    edgeFunctions: { site: site.defaultFunctions, api: site.apiFunctions, uploads: uploads.defaultFunctions },
    loggedDistributions: distributions.filter((d) => d.logged).length,
    accessLogLineBytes: Math.max(
      ...of('AWS::ApiGatewayV2::Stage').map(([, stage]) =>
        accessLogLineBytes(
          String((stage.Properties?.['AccessLogSettings'] as { Format?: string } | undefined)?.Format ?? ''),
        ),
      ),
    ),
    // A pool that names no plan gets Essentials, Cognito's default for a new pool.
    cognitoPlan: (pool?.Properties?.['UserPoolTier'] as CognitoPlan | undefined) ?? 'ESSENTIALS',
    oidcProviders: of('AWS::Cognito::UserPoolIdentityProvider').filter(
      ([, provider]) => provider.Properties?.['ProviderType'] === 'OIDC',
    ).length,
    logRetentionDays: Math.max(...retention),
    ...(warm
      ? {
          warmThroughput: {
            readUnitsPerSecond: warm.ReadUnitsPerSecond,
            writeUnitsPerSecond: warm.WriteUnitsPerSecond,
          },
        }
      : {}),
  };
}

/** The benchmark figures the bill uses, from bench/results. */
export function benchFigures(): BenchFigures {
  const read = <T>(name: string) =>
    JSON.parse(readFileSync(join(repositoryRoot, 'bench/results', `${name}.json`), 'utf8')) as T;
  const bundles = read<{ median_import_ms: number }>('bundles');
  const load = read<{ round_end: { by_class: Record<string, { requests: number }> } }>('load');
  const publish = read<{
    results: Array<{
      players: number;
      units_per_update: number;
      scope_units: number;
      yearly_units: number;
      recompute_ms: number;
    }>;
  }>('ranking-publish');
  const share = read<{ bytes_per_card_median: number }>('share');
  const classes = load.round_end.by_class;
  return {
    coldImportMs: bundles.median_import_ms,
    edgeHitShare: 1 - classes['ranking_edge_miss']!.requests / classes['ranking']!.requests,
    shareCardKb: share.bytes_per_card_median / 1024,
    publish: publish.results.map((result) => ({
      players: result.players,
      unitsPerUpdate: result.units_per_update,
      scopeUnits: result.scope_units,
      yearlyUnits: result.yearly_units,
      recomputeMs: result.recompute_ms,
    })),
  };
}
