import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { handler as getTournamentScore } from '../handlers/schedule/get-tournament-score';
import { handler as getMasterList } from '../handlers/master/get-master-list';
import { handler as unsubscribeOneClick } from '../handlers/reminders/unsubscribe-reminders-one-click';
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

  it('refuses a query parameter or body field its row does not name with 422 naming it, before the handler', async () => {
    const misspelt = await invoke(
      getTournamentScore,
      event({ queryStringParameters: { gameGlobalId: 'x' } }),
    );
    expect(misspelt.statusCode).toBe(422);
    expect(misspelt.json['errors']).toEqual({ gameGlobalId: ['この項目は受け付けていません。'] });
    // A row without a query or a body schema takes none: any key sent there is named the same way.
    const json = { 'content-type': 'application/json' };
    const list = { pathParameters: { list: 'gender' } };
    const query = await invoke(getMasterList, event({ ...list, queryStringParameters: { utm_source: 'x' } }));
    expect(query.statusCode).toBe(422);
    expect(Object.keys(query.json['errors'] as object)).toEqual(['utm_source']);
    const body = await invoke(getMasterList, event({ ...list, headers: json, body: '{"dry_run":true}' }));
    expect(body.statusCode).toBe(422);
    expect(Object.keys(body.json['errors'] as object)).toEqual(['dry_run']);
    expect((await invoke(getMasterList, event({ ...list, headers: json, body: '{}' }))).statusCode).toBe(200);
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

  it('names each unknown key as a field of its own, where it is', () => {
    const schema = z.strictObject({ a: z.strictObject({ b: z.string() }) });
    expect(fieldErrors(schema.safeParse({ a: { b: 'x', c: 1, d: 2 }, dryRun: true }).error!)).toEqual({
      'a.c': ['この項目は受け付けていません。'],
      'a.d': ['この項目は受け付けていません。'],
      dryRun: ['この項目は受け付けていません。'],
    });
  });

  it('finding 5: reads an urlencoded form only on a row that takes one (the one-click unsubscribe)', async () => {
    const form = (body: string, to = unsubscribeOneClick, isBase64Encoded = false) =>
      invoke(
        to,
        event({
          rawPath: `/api/reminders/unsubscribe/${'a'.repeat(32)}`,
          pathParameters: to === getMasterList ? { list: 'gender' } : { token: 'a'.repeat(32) },
          body: isBase64Encoded ? Buffer.from(body).toString('base64') : body,
          isBase64Encoded,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }),
      );
    // Read, and validated by the row's schema (as API Gateway sends it: base64).
    const wrong = await form('List-Unsubscribe=Two-Clicks', unsubscribeOneClick, true);
    expect(wrong.statusCode).toBe(422);
    expect(Object.keys(wrong.json['errors'] as object)).toEqual(['List-Unsubscribe']);
    expect((await form('List-Unsubscribe=One-Click&List-Unsubscribe=One-Click')).statusCode).toBe(400);
    // Any other row refuses a form before anything else.
    const elsewhere = await form('List-Unsubscribe=One-Click', getMasterList);
    expect(elsewhere.statusCode).toBe(415);
    expect(elsewhere.json['code']).toBe('bad_request');
  });
});
