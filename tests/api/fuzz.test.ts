/**
 * Fuzzing every route of the route table through the edge, as a visitor and as a player, with inputs
 * built from the field names of the shared schemas: missing, extra and wrongly typed fields, huge and
 * unusual unicode strings, malformed JSON and escapes, wrong content types and an oversized body; then
 * every route on every method with raw paths (sent byte for byte, as `curl --path-as-is` does):
 * malformed escapes in the path and the query, dot segments, and large bodies on reads. Every answer
 * must be a 4xx in the one error shape (a read may also answer 2xx; anything that cannot be decoded
 * answers 400), never a 5xx, and the table must hold the same items afterwards.
 *
 * It runs its own stack on its own table (the suite's DynamoDB Local and s3rver), with API processes
 * behind the edge as `npm start` runs them, so that the edge's choice of a process sees every raw path
 * and other test files writing at the same time do not touch what it compares. Routes added to the
 * route table are fuzzed without any change here; a route that takes any input as valid and writes
 * (signing out, toggling a setting) is listed in `writesWhateverItIsSent` and fuzzed as a visitor only.
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
import { rawRequest } from './support/raw-http';

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
  // Every field at once takes the short strange strings: with the long ones (sent one at a time
  // above) the body would be megabytes, which the oversized probes already send.
  const shortStrange = strangeStrings.filter((value) => value.length < 1_000);
  json(
    Object.fromEntries(
      fields.map((field) => [field, shortStrange[random.nextInt(0, shortStrange.length - 1)]]),
    ),
    'every field strange',
  );
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

/** One probe, its path and query sent as they are, not normalised or escaped again. */
async function send(url: string, method: string, probe: Probe, token?: string): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (token) headers['authorization'] = `Bearer ${token}`;
  if (probe.contentType) headers['content-type'] = probe.contentType;
  const answer = await rawRequest(url, method, `${probe.path}${probe.query ? `?${probe.query}` : ''}`, {
    headers,
    ...(probe.body !== undefined ? { body: probe.body } : {}),
  });
  return { status: answer.status, body: answer.body, contentType: answer.headers['content-type'] ?? '' };
}

const everyMethod = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

type RawProbe = Probe & { methods: readonly string[]; callers: 'visitor' | 'both'; undecodable: boolean };

/**
 * Raw probes of one route: a malformed escape in each place of its path that takes a value and an
 * undecodable query, on every method (these must answer 400, before any handler); a large body with
 * an undecodable query on the methods that read; a malformed escape at the end of the path and a dot
 * segment, on the route's own method, as a visitor and as a player.
 */
function rawProbesFor(route: RouteDefinition): RawProbe[] {
  const base = route.path.replace(/\{[^}]+\}/g, '1');
  const segments = base.split('/');
  const last = segments.length - 1;
  const probes: RawProbe[] = [
    {
      path: base,
      query: 'page=%ff&type=%E0%A4%A',
      what: 'raw undecodable query',
      methods: everyMethod,
      callers: 'visitor',
      undecodable: true,
    },
    {
      path: base,
      query: '%=1',
      body: 'x'.repeat(70 * 1024),
      contentType: 'application/json',
      what: 'raw large body on a read',
      methods: ['GET', 'HEAD', 'DELETE'],
      callers: 'visitor',
      undecodable: true,
    },
    {
      path: `${base}%ZZ`,
      what: 'raw malformed escape at the end',
      methods: [route.method],
      callers: 'both',
      undecodable: false,
    },
    {
      path: [...segments.slice(0, last), '..', segments[last]].join('/'),
      what: 'raw dot segment',
      methods: [route.method],
      callers: 'both',
      undecodable: false,
    },
  ];
  if (route.path.includes('{'))
    for (const segment of ['%E0%A4%A', '%', '%ED%A0%80', '%C0%AF'])
      probes.push({
        path: route.path.replace(/\{[^}]+\}/g, segment),
        what: `raw path ${segment}`,
        methods: everyMethod,
        callers: 'visitor',
        undecodable: true,
      });
  return probes;
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
  let operatorToken: string;

  beforeAll(async () => {
    // API processes behind the edge, as `npm start` runs them: the edge's choice sees every raw path.
    const own = await startOwnStack('fuzz', { apiWorkers: 1, sharedApiWorkers: 1 });
    ({ stack, table: fuzzTable } = own);
    playerToken = await own.token('sample-user-0001');
    operatorToken = await own.token('sample-user-0001', ['operators']);
  }, 120_000);

  afterAll(async () => {
    await stack?.stop();
  });

  it('fuzz through the edge: answers every malformed input with a 4xx in the error shape (400 for what cannot be decoded) and changes nothing', async () => {
    const before = await tableItems();
    const fields = await schemaFieldNames();
    expect(fields.length).toBeGreaterThan(30);
    const random = seeded(19);
    const callersVisitor: Array<[string, string | undefined]> = [['visitor', undefined]];
    const callersBoth: Array<[string, string | undefined]> = [...callersVisitor, ['player', playerToken]];
    const failures: string[] = [];
    const tasks: Array<() => Promise<void>> = [];
    const routes = routeList();
    for (const route of routes) {
      const probes = probesFor(route, fields, random);
      const callers = writesWhateverItIsSent.has(route.name) ? callersVisitor : callersBoth;
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
    // Every route on every method, with raw paths and queries.
    for (const route of routes)
      for (const probe of rawProbesFor(route))
        for (const method of probe.methods)
          for (const [who, token] of probe.callers === 'both' && !writesWhateverItIsSent.has(route.name)
            ? callersBoth
            : callersVisitor)
            tasks.push(async () => {
              const answer = await send(stack.url, method, probe, token);
              const label = `${who} ${method} ${probe.path}${probe.query ? `?${probe.query.slice(0, 20)}` : ''} (${probe.what}) -> ${answer.status}`;
              if (answer.status >= 500 || (probe.undecodable && answer.status !== 400)) {
                failures.push(`${label} ${answer.body.slice(0, 160)}`);
                return;
              }
              if (answer.status >= 400 && method !== 'HEAD' && !refusedBeforeAnyHandler.has(answer.status)) {
                const body = answer.contentType.includes('json')
                  ? (JSON.parse(answer.body) as { message?: unknown; code?: unknown })
                  : {};
                if (typeof body.message !== 'string' || typeof body.code !== 'string')
                  failures.push(`${label}: not the error shape ${answer.body.slice(0, 160)}`);
              }
            });
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
    expect(tasks.length).toBeGreaterThanOrEqual(5_000);
    expect(await tableItems()).toEqual(before);
  }, 600_000);

  it('a misspelt field is refused with 422 naming it, never run, on every row', async () => {
    const before = await tableItems();
    const misspelt = 'misspelt_field';
    const failures: string[] = [];
    const tasks: Array<() => Promise<void>> = [];
    for (const route of routeList()) {
      const path = route.path.replace(/\{[^}]+\}/g, '1');
      const probes: Probe[] = [{ path, query: `${misspelt}=1`, what: 'query' }];
      if (route.method !== 'GET')
        probes.push({
          path,
          body: JSON.stringify({ [misspelt]: true }),
          contentType: 'application/json',
          what: 'JSON body',
        });
      if (route.formBody)
        probes.push({
          path,
          body: `List-Unsubscribe=One-Click&${misspelt}=1`,
          contentType: 'application/x-www-form-urlencoded',
          what: 'form body',
        });
      // An operator passes every row's access, so each answer is the row's validation.
      for (const probe of probes)
        tasks.push(async () => {
          const answer = await send(stack.url, route.method, probe, operatorToken);
          const errors =
            answer.status === 422
              ? (JSON.parse(answer.body) as { errors?: Record<string, string[]> }).errors
              : undefined;
          if (!errors?.[misspelt])
            failures.push(`${route.name} (${probe.what}) -> ${answer.status} ${answer.body.slice(0, 160)}`);
        });
    }
    await pool(tasks, 6);
    expect(failures).toEqual([]);
    expect(await tableItems()).toEqual(before);
  }, 300_000);
});
