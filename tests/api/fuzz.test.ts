/**
 * Fuzzing every route of the route table, as a visitor and as a player, with inputs built from the
 * field names of the shared schemas: missing, extra and wrongly typed fields, huge and unusual
 * unicode strings, malformed JSON and escapes, wrong content types and an oversized body. Every
 * answer must be a 4xx in the one error shape (a read may also answer 2xx), never a 5xx, and the table
 * must hold the same items afterwards.
 *
 * It runs its own stack on its own table (the suite's DynamoDB Local and s3rver), so that other test
 * files writing at the same time do not touch what it compares. Routes added to the route table are
 * fuzzed without any change here; a route that takes any input as valid and writes (signing out,
 * toggling a setting) is listed in `writesWhateverItIsSent` and fuzzed as a visitor only.
 */
import { ScanCommand, type ScanCommandOutput } from '@aws-sdk/lib-dynamodb';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeList, type RouteDefinition } from '../../shared/src/contracts';
import { maxPayloadBytes } from '../../scripts/local-stack/lambda-adapter';
import type { Stack } from '../../scripts/local-stack/stack';
import { startOwnStack } from './support/own-stack';

let fuzzTable = '';

/**
 * Routes whose every call is valid and writes: signing the caller out, accepting the policy again,
 * flipping a setting, starting a quiz attempt, drawing the caller's share card (its one field has a
 * default, so an empty or unknown body asks for the plain card). Fuzzed as a visitor (401) only.
 */
const writesWhateverItIsSent = new Set([
  'deleteAuthToken',
  'acceptUserPolicy',
  'finishUserTutorial',
  'toggleUserCopyNextRound',
  'startQuiz',
  'createShareCard',
]);

/** Every field name the shared schemas know: the fuzz sends them with values of the wrong kind. */
async function schemaFieldNames(): Promise<string[]> {
  const directory = join(import.meta.dirname, '../../shared/src/schemas');
  const names = new Set<string>();
  for (const file of readdirSync(directory).filter(
    (name) => name.endsWith('.ts') && !name.endsWith('.test.ts'),
  )) {
    const module = (await import(join(directory, file))) as Record<string, unknown>;
    for (const value of Object.values(module)) {
      const shape = (value as { shape?: Record<string, unknown> } | null)?.shape;
      if (shape && typeof shape === 'object') for (const key of Object.keys(shape)) names.add(key);
    }
  }
  return [...names].sort();
}

/** A small seeded generator (mulberry32): the same inputs on every run, so a failure can be replayed. */
function seeded(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    nextInt: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    seed: () => Math.floor(next() * 2 ** 31),
  };
}
type Random = ReturnType<typeof seeded>;

const strangeStrings = [
  '',
  ' ',
  'あ'.repeat(20_000),
  'x'.repeat(70_000),
  '\u0000\u0007\u001b',
  '\u202e\u200b\ufeff',
  '\ud800',
  '𝕏🏌️‍♂️',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  "' OR '1'='1",
  '%ZZ',
  '-1',
  '1e309',
  'NaN',
  '__proto__',
];

const strangeSegments = [
  '%ZZ',
  '%E0%A4%A',
  '..%2F..%2Fx',
  '%00',
  'x'.repeat(2_000),
  '-1',
  '1e9',
  '%F0%9F%8F%8C',
  '%20',
];

/** Percent-encodes, and writes a lone surrogate as the bytes UTF-8 would give it (not valid UTF-8). */
const escape = (value: string) => {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
};

interface Probe {
  path: string;
  query?: string;
  body?: string | Buffer;
  contentType?: string;
  what: string;
}

function probesFor(route: RouteDefinition, fields: string[], random: Random): Probe[] {
  const fill = (segment: string) => route.path.replace(/\{[^}]+\}/g, segment);
  const base = fill('1');
  const probes: Probe[] = [];
  const writes = route.method !== 'GET' && route.method !== 'DELETE';
  const pick = () => fields[random.nextInt(0, fields.length - 1)]!;
  const strange = () => strangeStrings[random.nextInt(0, strangeStrings.length - 1)]!;
  const wrongValue = fc.sample(
    fc.oneof(fc.jsonValue(), fc.constantFrom(...strangeStrings), fc.string({ unit: 'grapheme' })),
    { numRuns: 40, seed: random.seed() },
  );
  if (route.path.includes('{'))
    for (const segment of strangeSegments)
      probes.push({ path: fill(segment), what: `path ${segment.slice(0, 12)}` });
  for (let i = 0; i < 3; i++)
    probes.push({
      path: base,
      query: `${encodeURIComponent(pick())}=${escape(strange())}&${pick()}=%ZZ&${pick()}[]=1&${pick()}=1&${pick()}=2`,
      what: 'query',
    });
  if (!writes) return probes;
  const json = (body: unknown, what: string) =>
    probes.push({ path: base, body: JSON.stringify(body), contentType: 'application/json', what });
  json({}, 'missing fields');
  json([], 'an array');
  json('text', 'a string');
  json(null, 'null');
  json(12, 'a number');
  for (let i = 0; i < 4; i++) {
    const body: Record<string, unknown> = {};
    for (let j = 0; j < 6; j++) body[pick()] = wrongValue[random.nextInt(0, wrongValue.length - 1)];
    body['extra_field_' + i] = strange();
    json(body, 'wrong types');
  }
  json(Object.fromEntries(fields.map((field) => [field, strange()])), 'every field strange');
  for (const raw of ['{', '{"a":', '{"a":1,}', '\u0000', "{'a':1}", '{"a":"\\ud800"}', '[1,2'])
    probes.push({ path: base, body: raw, contentType: 'application/json', what: 'malformed JSON' });
  probes.push({ path: base, body: 'hello', contentType: 'text/plain', what: 'text/plain' });
  probes.push({ path: base, body: '<a/>', contentType: 'application/xml', what: 'xml' });
  probes.push({
    path: base,
    body: 'a=1&b=2',
    contentType: 'application/x-www-form-urlencoded',
    what: 'form',
  });
  probes.push({
    path: base,
    body: '--x\r\n\r\n',
    contentType: 'multipart/form-data',
    what: 'multipart, no boundary',
  });
  probes.push({
    path: base,
    body: '--b\r\nContent-Disposition: form-data; name="guild_img"; filename="a.png"\r\n\r\n\x89PNG\r\n--b--\r\n',
    contentType: 'multipart/form-data; boundary=b',
    what: 'multipart file',
  });
  return probes;
}

/** Too large a request line or headers: the HTTP server answers before any handler, as API Gateway does. */
const refusedBeforeAnyHandler = new Set([413, 414, 431]);

interface Answer {
  status: number;
  body: string;
  contentType: string;
}

async function send(url: string, method: string, probe: Probe, token?: string): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (token) headers['authorization'] = `Bearer ${token}`;
  if (probe.contentType) headers['content-type'] = probe.contentType;
  const response = await fetch(`${url}${probe.path}${probe.query ? `?${probe.query}` : ''}`, {
    method,
    headers,
    ...(probe.body !== undefined ? { body: probe.body } : {}),
  });
  return {
    status: response.status,
    body: await response.text(),
    contentType: response.headers.get('content-type') ?? '',
  };
}

async function tableItems(): Promise<string[]> {
  const { db } = await import('../../functions/src/db/client');
  const items: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page: ScanCommandOutput = await db().send(
      new ScanCommand({ TableName: fuzzTable, ConsistentRead: true, ExclusiveStartKey: start }),
    );
    for (const item of page.Items ?? []) {
      // Attempts are counted for rate limits whatever they answer; that is their purpose.
      if (item['entity'] === 'rate_limit') continue;
      items.push(JSON.stringify(item, Object.keys(item).sort()));
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return items.sort();
}

async function pool<T>(tasks: Array<() => Promise<T>>, width: number): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < tasks.length) {
        const index = next++;
        results[index] = await tasks[index]!();
      }
    }),
  );
  return results;
}

describe('fuzzing every route', () => {
  let stack: Stack;
  let playerToken: string;

  beforeAll(async () => {
    const own = await startOwnStack('fuzz');
    ({ stack, table: fuzzTable } = own);
    playerToken = await own.token('sample-user-0001');
  }, 120_000);

  afterAll(async () => {
    await stack?.stop();
  });

  it('answers every malformed input with a 4xx in the error shape and changes nothing', async () => {
    const before = await tableItems();
    const fields = await schemaFieldNames();
    expect(fields.length).toBeGreaterThan(30);
    const random = seeded(19);
    const failures: string[] = [];
    const tasks: Array<() => Promise<void>> = [];
    const routes = routeList();
    for (const route of routes) {
      const probes = probesFor(route, fields, random);
      const callers: Array<[string, string | undefined]> = [['visitor', undefined]];
      if (!writesWhateverItIsSent.has(route.name)) callers.push(['player', playerToken]);
      for (const probe of probes)
        for (const [who, token] of callers)
          tasks.push(async () => {
            const answer = await send(stack.url, route.method, probe, token);
            const label = `${who} ${route.method} ${route.path} (${probe.what}) -> ${answer.status}`;
            const isRead = route.method === 'GET';
            if (answer.status >= 500 || answer.status < 200 || (answer.status < 400 && !isRead)) {
              failures.push(`${label} ${answer.body.slice(0, 160)}`);
              return;
            }
            if (answer.status >= 400 && answer.contentType.includes('json')) {
              const body = JSON.parse(answer.body) as { message?: unknown; code?: unknown; errors?: unknown };
              if (typeof body.message !== 'string' || typeof body.code !== 'string')
                failures.push(`${label}: not the error shape ${answer.body.slice(0, 160)}`);
            } else if (
              answer.status >= 400 &&
              !refusedBeforeAnyHandler.has(answer.status) &&
              !route.path.startsWith('/api/dev/')
            ) {
              failures.push(`${label}: not JSON (${answer.contentType})`);
            }
          });
    }
    // One oversized body per method that takes one: refused before any handler.
    for (const method of ['POST', 'PUT', 'PATCH'] as const) {
      const route = routes.find((candidate) => candidate.method === method && !candidate.path.includes('{'));
      if (!route) continue;
      tasks.push(async () => {
        const answer = await send(stack.url, method, {
          path: route.path,
          body: Buffer.alloc(maxPayloadBytes + 1, 0x61),
          contentType: 'application/json',
          what: 'oversized',
        });
        if (answer.status !== 413) failures.push(`${method} ${route.path} oversized -> ${answer.status}`);
      });
    }
    await pool(tasks, 6);
    console.log(`fuzz: ${tasks.length} requests to ${routes.length} routes, ${failures.length} failures`);
    expect(failures).toEqual([]);
    expect(await tableItems()).toEqual(before);
  }, 600_000);
});
