import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { handler as getMasterList } from '../handlers/master/get-master-list';
import { resetConfig } from '../lib/config';
import { hashedUserId } from '../lib/logger';
import { metricsNamespace, recordMetric } from '../lib/metrics';

// As Lambda sets it for an instance started by a call: Powertools reads it when the logger is made.
vi.hoisted(() => {
  process.env['AWS_LAMBDA_INITIALIZATION_TYPE'] = 'on-demand';
});

const event = {
  version: '2.0',
  routeKey: 'GET /api/master/{list}',
  rawPath: '/api/master/gender',
  rawQueryString: '',
  headers: {},
  isBase64Encoded: false,
  pathParameters: { list: 'gender' },
  requestContext: {
    requestId: 'gateway-request-1',
    http: { method: 'GET', sourceIp: '127.0.0.1' },
    timeEpoch: Date.now(),
  },
} as unknown as APIGatewayProxyEventV2;

const context = (awsRequestId: string) =>
  ({
    functionName: 'golf-test-GetMasterList',
    functionVersion: '$LATEST',
    memoryLimitInMB: '512',
    invokedFunctionArn: 'arn:aws:lambda:ap-northeast-1:123456789012:function:golf-test-GetMasterList',
    awsRequestId,
  }) as Context;

/** The JSON lines written to stdout while `run` runs. */
async function linesOf(run: () => Promise<unknown> | void): Promise<Array<Record<string, unknown>>> {
  const written: string[] = [];
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    written.push(String(chunk));
    return true;
  });
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return written
    .join('')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

afterEach(() => {
  process.env['LOG_LEVEL'] = 'silent';
  resetConfig();
});

describe('the request line, written by Powertools', () => {
  it('carries the route, the gateway and Lambda request ids, the cold start and the service', async () => {
    process.env['LOG_LEVEL'] = 'info';
    resetConfig();
    const first = await linesOf(() => getMasterList(event, context('lambda-1')));
    const second = await linesOf(() => getMasterList(event, context('lambda-2')));
    const request = (lines: Array<Record<string, unknown>>) => lines.find((l) => l['message'] === 'request');
    expect(request(first)).toMatchObject({
      level: 'INFO',
      service: 'golf-dream-team',
      route: 'getMasterList',
      path: '/api/master/gender',
      request_id: 'gateway-request-1',
      function_request_id: 'lambda-1',
      function_name: 'golf-test-GetMasterList',
      cold_start: true,
      status: 200,
    });
    expect(request(first)).toHaveProperty('timestamp');
    expect(request(first)).not.toHaveProperty('user');
    expect(request(second)).toMatchObject({ function_request_id: 'lambda-2', cold_start: false });
  });

  it('writes nothing below the configured level', async () => {
    process.env['LOG_LEVEL'] = 'warn';
    resetConfig();
    expect(await linesOf(() => getMasterList(event, context('lambda-3')))).toEqual([]);
  });
});

describe('hashedUserId', () => {
  it('is stable, short and does not contain the id', () => {
    const hash = hashedUserId('sample-user-0001');
    expect(hash).toMatch(/^[0-9a-f]{16}$/);
    expect(hashedUserId('sample-user-0001')).toBe(hash);
    expect(hashedUserId('sample-user-0002')).not.toBe(hash);
  });
});

describe('recordMetric', () => {
  it('writes one line in the embedded metric format, with its unit and the service and stage dimensions', async () => {
    process.env['LOG_LEVEL'] = 'info';
    process.env['STAGE'] = 'local';
    resetConfig();
    const [line, ...rest] = await linesOf(() => recordMetric('RankingPublishDuration', 1234));
    expect(rest).toEqual([]);
    expect(line).toMatchObject({
      service: 'golf-dream-team',
      stage: 'local',
      RankingPublishDuration: 1234,
      _aws: {
        CloudWatchMetrics: [
          {
            Namespace: metricsNamespace,
            Dimensions: [['service', 'stage']],
            Metrics: [{ Name: 'RankingPublishDuration', Unit: 'Milliseconds' }],
          },
        ],
      },
    });
  });

  it('writes none when the logs are silent (the test suites)', async () => {
    process.env['LOG_LEVEL'] = 'silent';
    resetConfig();
    expect(await linesOf(() => recordMetric('TeamSaves'))).toEqual([]);
  });
});
