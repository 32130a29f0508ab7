import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { api, baseUrl } from './support/api';
import { startStack, type Stack } from '../../scripts/local-stack/stack';
import { maxPayloadBytes } from '../../scripts/local-stack/lambda-adapter';

/** A raw request, so that escapes reach the server exactly as written. */
function rawGet(url: string, path: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const call = httpRequest({ hostname, port, path, method: 'GET' }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    call.on('error', reject);
    call.end();
  });
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });

describe('the local stack', () => {
  const spaDir = mkdtempSync(join(tmpdir(), 'golf-spa-'));
  writeFileSync(join(spaDir, 'index.html'), '<!doctype html><title>spa</title>');
  const stacks: Stack[] = [];
  afterAll(async () => {
    for (const stack of stacks) await stack.stop();
    rmSync(spaDir, { recursive: true, force: true });
  });

  it('serves a page asked for while it starts once it is ready; an API call there is told to retry at once', async () => {
    // The suite's DynamoDB Local and s3rver are reused (their endpoints are in the environment).
    const port = await freePort();
    const starting = startStack({ port, dataDir: null, spaDir, seed: false, quiet: true });
    const url = `http://127.0.0.1:${port}`;
    // The first request that connects: before the fix it reached a server with no handler and hung.
    let first: { status: number; body: string } | undefined;
    while (!first) {
      first = await rawGet(url, '/').catch(() => undefined);
      if (!first) await new Promise((resolve) => setTimeout(resolve, 2));
    }
    stacks.push(await starting);
    expect(first.status).toBe(200);
    expect(first.body).toContain('spa');
    // The 503 with Retry-After an API call gets before then: tests/api/edge-raw-requests.test.ts.
    expect((await rawGet(url, '/api/master/gender')).status).toBe(200);
  });

  it('answers a malformed escape in a page path with 400 and keeps serving', async () => {
    const stack = stacks[0]!;
    const bad = await rawGet(stack.url, '/guild/%E0%A4%A');
    expect(bad.status).toBe(400);
    const page = await rawGet(stack.url, '/guild/1');
    expect(page.status).toBe(200);
    expect(page.body).toContain('spa');
  });

  it('answers a malformed escape under /api with 400 in the error shape', async () => {
    const answer = await rawGet(baseUrl, '/api/master/%ZZ');
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'bad_request' });
    const alsoBad = await rawGet(baseUrl, '/api/golf/guild/%E0%A4%A/join');
    expect(alsoBad.status).toBe(400);
  });

  it('refuses a body above API Gateway’s 10 MB with 413, before any handler', async () => {
    const over = await api<{ code: string }>('POST', '/api/campaign-entry-form/confirm', {
      rawBody: JSON.stringify({ text: 'x'.repeat(maxPayloadBytes) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(over.status).toBe(413);
    expect(over.body.code).toBe('bad_request');
    const under = await api('POST', '/api/campaign-entry-form/confirm', {
      rawBody: JSON.stringify({ text: 'x'.repeat(1000) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(under.status).not.toBe(413);
  });
});
