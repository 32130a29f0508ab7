import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { handler as getTournamentScore } from '../handlers/schedule/get-tournament-score';
import { handler as getMasterList } from '../handlers/master/get-master-list';
import { fieldErrors } from './http-handler';
import * as z from 'zod';

const event = (overrides: Partial<APIGatewayProxyEventV2>): APIGatewayProxyEventV2 =>
  ({
    version: '2.0',
    routeKey: 'GET /',
    rawPath: '/',
    rawQueryString: '',
    headers: {},
    isBase64Encoded: false,
    requestContext: { http: { method: 'GET', sourceIp: '127.0.0.1' }, timeEpoch: Date.now() },
    ...overrides,
  }) as APIGatewayProxyEventV2;

const invoke = async (fn: typeof getMasterList, e: APIGatewayProxyEventV2) => {
  process.env['LOG_LEVEL'] = 'silent';
  const result = (await fn(e, {} as Context)) as {
    statusCode: number;
    body: string;
    headers: Record<string, string>;
  };
  return { ...result, json: JSON.parse(result.body) as Record<string, unknown> };
};

describe('httpHandler', () => {
  it('answers with the list and a shared-cache header for public routes', async () => {
    const result = await invoke(getMasterList, event({ pathParameters: { list: 'gender' } }));
    expect(result.statusCode).toBe(200);
    expect(result.headers['cache-control']).toBe('public, max-age=3600, s-maxage=3600');
  });

  it('rejects malformed JSON with 400 before anything else', async () => {
    const result = await invoke(
      getMasterList,
      event({
        pathParameters: { list: 'gender' },
        body: '{"a":',
        headers: { 'content-type': 'application/json' },
      }),
    );
    expect(result.statusCode).toBe(400);
    expect(result.json['code']).toBe('bad_request');
  });

  it('maps validation failures to 422 with Japanese field errors', async () => {
    const result = await invoke(
      getTournamentScore,
      event({ queryStringParameters: { game_global_id: 'x'.repeat(80) } }),
    );
    expect(result.statusCode).toBe(422);
    const errors = result.json['errors'] as Record<string, string[]>;
    expect(errors['game_global_id']?.[0]).toMatch(/[ぁ-んァ-ン一-龯]/);
    expect(result.headers['cache-control']).toBe('no-store');
  });
});

describe('fieldErrors', () => {
  it('keys messages by the dotted path, "_" for the root', () => {
    const schema = z.object({ a: z.object({ b: z.string() }), c: z.number() });
    const result = schema.safeParse({ a: { b: 1 }, c: 'x' });
    expect(result.success).toBe(false);
    const errors = fieldErrors(result.error!);
    expect(Object.keys(errors).sort()).toEqual(['a.b', 'c']);
    expect(Object.keys(fieldErrors(z.string().safeParse(1).error!))).toEqual(['_']);
  });
});
