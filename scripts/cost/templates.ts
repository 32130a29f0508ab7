import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Stack, type App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { buildApp } from '../../infra/lib/app';
import { repositoryRoot } from '../../infra/lib/paths';
import type { BenchFigures, CognitoPlan, Deployed } from './model';

type Resource = { Type: string; Properties?: Record<string, unknown> };

/**
 * The stage the bill is for: prod on its own domain (an ACM certificate and a CloudFront alias cost
 * nothing more), with the four social providers.
 */
export const costStage = {
  stage: 'prod',
  domainName: 'golf.example.jp',
  certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc',
  socialProviders: 'google,x,line,apple',
};

/** The cost stage, synthesized in-process (bundling skipped). */
function costStageApp(): App {
  const { context } = JSON.parse(readFileSync(join(repositoryRoot, 'cdk.json'), 'utf8')) as {
    context: Record<string, unknown>;
  };
  return buildApp({ context: { ...context, ...costStage, 'aws:cdk:bundling-stacks': [] } }).app;
}

/**
 * What the cost stage deploys, read from its templates; `app`, that stage's app when it is already
 * built (the tests share one synth: infra/test/apps.ts).
 */
export function deployedFromTemplates(app: App = costStageApp()): Deployed {
  const resources = app.node
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
  return {
    apiFunctions: apiFunctions.length,
    apiMemoryMb: commonest,
    jobs,
    rankingJobMemoryMb: Math.max(...jobs.map((job) => job.memoryMb)),
    alarms: of('AWS::CloudWatch::Alarm').length,
    dashboards: of('AWS::CloudWatch::Dashboard').length,
    wafRules: (webAcl?.Properties?.['Rules'] as unknown[] | undefined)?.length ?? 0,
    secrets,
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
    results: Array<{ players: number; units_per_update: number; units_today: number; recompute_ms: number }>;
  }>('ranking-publish');
  const classes = load.round_end.by_class;
  return {
    coldImportMs: bundles.median_import_ms,
    edgeHitShare: 1 - classes['ranking_edge_miss']!.requests / classes['ranking']!.requests,
    publish: publish.results.map((result) => ({
      players: result.players,
      unitsPerUpdate: result.units_per_update,
      unitsFull: result.units_today,
      recomputeMs: result.recompute_ms,
    })),
  };
}
