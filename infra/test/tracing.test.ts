import { execFile } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { bundleOptions } from '../lib/constructs/api-function';
import { handlerEntry, repositoryRoot } from '../lib/paths';

type Json = Record<string, unknown>;

/** Every (sub)segment of the documents the X-Ray SDK sent, nested ones included. */
function segmentsOf(documents: readonly Json[]): Json[] {
  const all: Json[] = [];
  const walk = (segment: Json) => {
    all.push(segment);
    for (const child of (segment['subsegments'] as Json[] | undefined) ?? []) walk(child);
  };
  documents.forEach(walk);
  return all;
}

/**
 * A bundle as the CDK builds it, run with what Lambda sets for a traced invocation: the runtime's
 * AWS_EXECUTION_ENV and LAMBDA_TASK_ROOT, the invocation's `_X_AMZN_TRACE_ID`, and the X-Ray daemon's
 * address, here a UDP socket of the test's. DynamoDB and the other site are HTTP servers of the test's.
 */
describe('a function as bundled for Lambda, with active tracing', () => {
  it('sends a trace with a subsegment for each DynamoDB call and each outgoing fetch', async () => {
    const documents: Json[] = [];
    const daemon = createSocket('udp4');
    daemon.on('message', (message) => {
      // Each datagram: the header line, then one segment document.
      const [, body] = message.toString('utf8').split('\n');
      if (body) documents.push(JSON.parse(body) as Json);
    });
    await new Promise<void>((resolve) => daemon.bind(0, '127.0.0.1', resolve));
    // DynamoDB answers every call with no item; the other site with a small JSON body.
    const dynamodb = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        response.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' });
        response.end('{}');
      });
    });
    const site = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"ok":true}');
    });
    await Promise.all(
      [dynamodb, site].map(
        (server) => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)),
      ),
    );
    const port = (server: { address(): unknown }) => (server.address() as AddressInfo).port;
    try {
      const file = join(mkdtempSync(join(tmpdir(), 'golf-trace-')), 'handler.mjs');
      await build({
        ...bundleOptions,
        stdin: {
          contents: `import { handler } from ${JSON.stringify(handlerEntry('schedule/get-tournament-score'))};
            import { tracedHandler } from './src/lib/tracer';
            const event = { rawPath: '/api/golf/schedule/score', rawQueryString: '',
              headers: {},
              requestContext: { requestId: 'gateway-1', http: { method: 'GET', sourceIp: '192.0.2.1' } } };
            const context = { functionName: 'golf-GetTournamentScore', awsRequestId: 'invocation-1' };
            const answer = await handler(event, context);
            const fetched = await tracedHandler(async () => (await fetch(process.env.SITE)).json())({}, context);
            console.log(JSON.stringify({ status: answer.statusCode, fetched }));`,
          resolveDir: join(repositoryRoot, 'functions'),
          loader: 'ts',
        },
        outfile: file,
        sourcemap: false,
        logLevel: 'silent',
      });
      const { stdout } = await promisify(execFile)(process.execPath, [file], {
        env: {
          PATH: process.env['PATH'] ?? '',
          STAGE: 'local',
          LOG_LEVEL: 'silent',
          AWS_REGION: 'ap-northeast-1',
          AWS_ACCESS_KEY_ID: 'test',
          AWS_SECRET_ACCESS_KEY: 'test',
          AWS_ENDPOINT_URL_DYNAMODB: `http://127.0.0.1:${port(dynamodb)}`,
          SITE: `http://127.0.0.1:${port(site)}/status`,
          AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x',
          LAMBDA_TASK_ROOT: '/var/task',
          AWS_LAMBDA_FUNCTION_NAME: 'golf-GetTournamentScore',
          _HANDLER: 'index.handler',
          AWS_LAMBDA_INITIALIZATION_TYPE: 'on-demand',
          _X_AMZN_TRACE_ID: 'Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8;Sampled=1',
          AWS_XRAY_DAEMON_ADDRESS: `127.0.0.1:${daemon.address().port}`,
          AWS_XRAY_LOG_LEVEL: 'silent',
        },
        encoding: 'utf8',
      });
      const result = JSON.parse(stdout.trim().split('\n').at(-1)!) as Json;
      expect(result).toEqual({ status: 404, fetched: { ok: true } });
      // The datagrams were sent before the process ended; the socket reads them on its next turns.
      await new Promise((resolve) => setImmediate(resolve));
      const segments = segmentsOf(documents);
      // Each invocation's own subsegment, as Powertools names it, the first a cold start; the
      // tournament the route looked for is not there (404), which is the caller's, not a fault.
      const handlers = segments.filter((segment) => segment['name'] === '## index.handler');
      expect(handlers).toHaveLength(2);
      expect(handlers[0]).toMatchObject({
        annotations: { ColdStart: true, Service: 'golf-dream-team' },
      });
      expect(handlers[0]).not.toHaveProperty('fault');
      // The route's table call, named by its service, with its operation and table.
      expect(segments).toContainEqual(
        expect.objectContaining({
          name: 'DynamoDB',
          namespace: 'aws',
          parent_id: handlers[0]!['id'],
          aws: expect.objectContaining({ operation: 'Query', table_name: 'golf-local' }),
        }),
      );
      // The outgoing fetch, named by its host.
      expect(segments).toContainEqual(
        expect.objectContaining({
          name: '127.0.0.1',
          parent_id: handlers[1]!['id'],
          http: expect.objectContaining({
            request: { url: 'http://127.0.0.1/status', method: 'GET' },
            response: { status: 200 },
          }),
        }),
      );
    } finally {
      daemon.close();
      dynamodb.close();
      site.close();
    }
  });
});
