import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, AspectPriority, Aspects, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as deployment from 'aws-cdk-lib/aws-s3-deployment';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { stageSettings } from '../lib/config';
import { ActiveTracing, StageLogRetention } from '../lib/observability';
import { businessMetrics, metricsNamespace } from '../../functions/src/lib/metrics';
import { bundleOptions } from '../lib/constructs/api-function';
import { handlerEntry, repositoryRoot } from '../lib/paths';
import { prodStage, stageApp } from './apps';

const { context } = JSON.parse(readFileSync(join(repositoryRoot, 'cdk.json'), 'utf8')) as {
  context: Record<string, unknown>;
};

type Resource = { Type: string; Properties?: Record<string, unknown> };
type Json = Record<string, unknown>;

/** Every template of an app: its stacks and their nested stacks. */
function templates(app: App): Array<{ name: string; resources: Record<string, Resource> }> {
  return app.node
    .findAll()
    .filter((node): node is Stack => Stack.isStack(node))
    .map((stack) => ({
      name: stack.node.path,
      resources: (Template.fromStack(stack).toJSON() as { Resources: Record<string, Resource> }).Resources,
    }));
}

/**
 * The functions of a template that are not traced, or whose role is granted no X-Ray write: in a
 * policy attached to the role, or inline in the role itself.
 */
function untraced(resources: Record<string, Resource>): string[] {
  const grantsXray = (document: unknown) =>
    JSON.stringify(document).includes('xray:PutTraceSegments') &&
    JSON.stringify(document).includes('xray:PutTelemetryRecords');
  return Object.entries(resources)
    .filter(([, resource]) => resource.Type === 'AWS::Lambda::Function')
    .flatMap(([id, fn]) => {
      const problems: string[] = [];
      if ((fn.Properties?.['TracingConfig'] as Json | undefined)?.['Mode'] !== 'Active')
        problems.push(`${id}: TracingConfig is not Active`);
      const roleId = ((fn.Properties!['Role'] as Json)['Fn::GetAtt'] as string[])[0]!;
      const role = resources[roleId]!;
      const attached = Object.values(resources).filter(
        (resource) =>
          resource.Type === 'AWS::IAM::Policy' &&
          JSON.stringify(resource.Properties?.['Roles']).includes(`"${roleId}"`) &&
          grantsXray(resource.Properties?.['PolicyDocument']),
      );
      if (attached.length === 0 && !grantsXray(role.Properties?.['Policies']))
        problems.push(`${id}: its role may not write to X-Ray`);
      return problems;
    });
}

describe('observability of the deployed app', { timeout: 120_000 }, () => {
  const { app, monitoring } = stageApp(prodStage);
  const all = templates(app);

  it('traces every function of every stack with X-Ray, each allowed to send its segments', () => {
    const functions = all.flatMap(({ resources }) =>
      Object.values(resources).filter((resource) => resource.Type === 'AWS::Lambda::Function'),
    );
    // Every route, the jobs, the sign-in trigger and CDK's own providers.
    expect(functions.length).toBeGreaterThan(100);
    expect(all.flatMap(({ name, resources }) => untraced(resources).map((p) => `${name} ${p}`))).toEqual([]);
  });

  it('keeps every log group for the stage’s retention (prod: three months)', () => {
    const retentions = all.flatMap(({ resources }) =>
      Object.values(resources)
        .filter((resource) => resource.Type === 'AWS::Logs::LogGroup')
        .map((group) => group.Properties?.['RetentionInDays']),
    );
    expect(retentions.length).toBeGreaterThan(100);
    expect(new Set(retentions)).toEqual(new Set([stageSettings['prod']!.logRetention]));
  });

  it('shows every business metric the functions write on the stage’s dashboard, by its stage', () => {
    const body = JSON.stringify(
      Object.values(Template.fromStack(monitoring).findResources('AWS::CloudWatch::Dashboard'))[0],
    );
    for (const name of Object.keys(businessMetrics)) {
      expect(body).toContain(
        `[\\"${metricsNamespace}\\",\\"${name}\\",\\"service\\",\\"golf-dream-team\\",\\"stage\\",\\"prod\\"`,
      );
    }
  });
});

describe('the observability aspects', () => {
  it('trace CDK’s own bucket-deployment and auto-delete providers, and keep a dev stage’s logs two weeks', () => {
    const app = new App({ context: { ...context } });
    const stack = new Stack(app, 'Site');
    const site = new s3.Bucket(stack, 'Site', {
      autoDeleteObjects: true,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const dist = mkdtempSync(join(tmpdir(), 'site-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html>');
    new deployment.BucketDeployment(stack, 'Deploy', {
      sources: [deployment.Source.asset(dist)],
      destinationBucket: site,
    });
    new logs.LogGroup(stack, 'Logs', { retention: logs.RetentionDays.ONE_YEAR });
    Aspects.of(app).add(new ActiveTracing(), { priority: AspectPriority.MUTATING });
    Aspects.of(app).add(new StageLogRetention(stageSettings['dev']!.logRetention), {
      priority: AspectPriority.MUTATING,
    });
    const { resources } = templates(app)[0]!;
    const functions = Object.values(resources).filter((r) => r.Type === 'AWS::Lambda::Function');
    expect(functions.length).toBeGreaterThanOrEqual(2);
    expect(untraced(resources)).toEqual([]);
    const groups = Object.values(resources).filter((r) => r.Type === 'AWS::Logs::LogGroup');
    expect(groups.length).toBeGreaterThanOrEqual(1);
    expect(new Set(groups.map((group) => group.Properties?.['RetentionInDays']))).toEqual(new Set([14]));
  });
});

describe('an API function as bundled for Lambda', () => {
  it('logs its request through Powertools, with the invocation’s request id and cold start', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'golf-logs-'));
    const file = join(dir, 'handler.mjs');
    await build({
      ...bundleOptions,
      stdin: {
        contents: `import { handler } from ${JSON.stringify(handlerEntry('master/get-master-list'))};
          const event = { rawPath: '/api/master/gender', headers: {}, pathParameters: { list: 'gender' },
            requestContext: { requestId: 'gateway-1', http: { method: 'GET', sourceIp: '192.0.2.1' } } };
          await handler(event, { functionName: 'golf-GetMasterList', awsRequestId: 'invocation-1' });
          await handler(event, { functionName: 'golf-GetMasterList', awsRequestId: 'invocation-2' });`,
        resolveDir: join(repositoryRoot, 'functions'),
        loader: 'ts',
      },
      outfile: file,
      sourcemap: false,
      logLevel: 'silent',
    });
    const output = execFileSync(process.execPath, [file], {
      // What Lambda sets, and the settings a local stage fills in.
      env: { PATH: process.env['PATH'] ?? '', STAGE: 'local', AWS_LAMBDA_INITIALIZATION_TYPE: 'on-demand' },
      encoding: 'utf8',
    });
    const requests = output
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line['message'] === 'request');
    expect(requests).toEqual([
      expect.objectContaining({
        service: 'golf-dream-team',
        route: 'getMasterList',
        request_id: 'gateway-1',
        function_request_id: 'invocation-1',
        cold_start: true,
        status: 200,
      }),
      expect.objectContaining({ function_request_id: 'invocation-2', cold_start: false }),
    ]);
  });
});
