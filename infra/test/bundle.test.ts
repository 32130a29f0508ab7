import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { routeList } from '../../shared/src/contracts';
import { bundleOptions, unbundledCredentialSources } from '../lib/constructs/api-function';
import { awsServicesByEntry } from '../lib/aws-sdk-usage';
import { handlerEntry, repositoryRoot } from '../lib/paths';
import { encodeUsers } from '@golf/functions/db/repositories/ranking-pages/page-codec';
import { pageRows, packPages } from '@golf/functions/domain/ranking/snapshot/board-packing';
import type * as PoolModule from '@golf/functions/domain/ranking/snapshot/packing-pool';

const out = mkdtempSync(join(tmpdir(), 'golf-bundle-test-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** Runs a bundle where, as in /var/task, no node_modules holds the packages left out of it. */
async function runBundle(source: string, env: Record<string, string>): Promise<string> {
  const file = join(out, `bundle-${Math.random().toString(36).slice(2)}.mjs`);
  await build({
    ...bundleOptions,
    stdin: { contents: source, resolveDir: join(repositoryRoot, 'functions'), loader: 'ts' },
    outfile: file,
    logLevel: 'silent',
  });
  return execFileSync(process.execPath, [file], {
    env: { PATH: process.env['PATH'] ?? '', ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  }).trim();
}

describe('the Lambda bundles', () => {
  it('leave out only credential sources, and sign with the credentials Lambda puts in the environment', async () => {
    expect(
      unbundledCredentialSources.every((name) => /credential|token-providers|nested-clients/.test(name)),
    ).toBe(true);
    const output = await runBundle(
      `import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
       const client = new DynamoDBClient({});
       const credentials = await client.config.credentials();
       console.log(JSON.stringify({ key: credentials.accessKeyId, region: await client.config.region() }));`,
      {
        AWS_REGION: 'ap-northeast-1',
        AWS_ACCESS_KEY_ID: 'AKIAFUNCTIONROLE',
        AWS_SECRET_ACCESS_KEY: 'secret',
        AWS_SESSION_TOKEN: 'session',
      },
    );
    expect(JSON.parse(output)).toEqual({ key: 'AKIAFUNCTIONROLE', region: 'ap-northeast-1' });
  });
});

/** A handler's bundle as deployed, and the bytes each of our source files put in it. */
async function handlerBundle(handler: string) {
  const result = await build({
    ...bundleOptions,
    entryPoints: [handlerEntry(handler)],
    outfile: join(out, `${handler.replace(/\W+/g, '-')}.mjs`),
    absWorkingDir: repositoryRoot,
    metafile: true,
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles.find((file) => file.path.endsWith('.mjs'))!.text;
  const output = Object.values(result.metafile.outputs).find((entry) => entry.entryPoint)!;
  const sources = Object.entries(output.inputs)
    .filter(([path, input]) => /^(shared|functions)\/src\//.test(path) && input.bytesInOutput > 0)
    .map(([path]) => path);
  return { code, sources };
}

describe('a handler bundle', () => {
  it.each([
    ['getMasterList', 'master'],
    ['savePick', 'game'],
  ] as const)('of %s holds its own row, not the route table', async (name, area) => {
    const own = routeList().find((route) => route.name === name)!;
    const { code, sources } = await handlerBundle(own.handler);
    expect(code).toContain(JSON.stringify(own.path));
    const others = routeList().filter((route) => route.path !== own.path && !route.localOnly);
    expect(others.filter((route) => code.includes(JSON.stringify(route.path))).map((r) => r.name)).toEqual(
      [],
    );
    // Of the route modules, only its own area's; of the schema modules, none of another area's.
    expect(sources.filter((path) => path.startsWith('shared/src/routes/'))).toEqual(
      expect.arrayContaining([`shared/src/routes/${area}.ts`]),
    );
    expect(
      sources.filter(
        (path) =>
          path.startsWith('shared/src/routes/') &&
          path !== `shared/src/routes/${area}.ts` &&
          path !== 'shared/src/routes/sign-up-steps.ts',
      ),
    ).toEqual([]);
    expect(sources).not.toContain('shared/src/contracts.ts');
    for (const schemas of ['guild', 'quiz', 'ranking', 'topic', 'campaign', 'contact', 'reminders'])
      expect(sources).not.toContain(`shared/src/schemas/${schemas}.ts`);
  });

  it('of an operator call that starts the ranking job holds none of the job', async () => {
    const { code, sources } = await handlerBundle('ranking/recompute-rankings');
    // In AWS the job is its own function, which the call invokes; only the local stack runs it in-process.
    expect(sources).not.toContain('functions/src/jobs/ranking.ts');
    expect(sources.filter((path) => path.startsWith('functions/src/domain/ranking/'))).toEqual([
      'functions/src/domain/ranking/job/rankings-changed.ts',
    ]);
    expect(code).toMatch(/InvocationType:\s*"Event"/);
  });
});

describe('the functions that start no other function', () => {
  it('reach no Lambda client: only a row that starts the ranking job or the senders may', () => {
    // The operator's reminders run plans as the job does, with the job's start of the senders, which
    // it never takes: its function is given no senders' function, so the batches wait for the job.
    const quiet = routeList().filter(
      (route) =>
        !route.localOnly &&
        !route.aws.startsRankingJob &&
        !route.aws.startsReminderSenders &&
        route.name !== 'sendReminders',
    );
    // The tournament import shares its use case's folder with the calls that start the job.
    expect(quiet.map((route) => route.name)).toContain('importTournament');
    const reachable = awsServicesByEntry(quiet.map((route) => handlerEntry(route.handler)));
    expect(
      quiet.filter((route) => reachable.get(handlerEntry(route.handler))!.has('lambda')).map((r) => r.name),
    ).toEqual([]);
  });
});

describe('the bundled ranking job', () => {
  it('starts its packing workers from its own bundle file, which packs as the source does', async () => {
    // The module built as the functions are (an ES module bundle): `import.meta.url` is the bundle.
    const bundle = join(out, 'packing.mjs');
    await build({
      ...bundleOptions,
      entryPoints: [join(repositoryRoot, 'functions/src/domain/ranking/snapshot/packing-pool.ts')],
      outfile: bundle,
      sourcemap: false,
      logLevel: 'silent',
    });
    const bundled = (await import(pathToFileURL(bundle).href)) as typeof PoolModule;
    const pool = new bundled.PackingPool(1);
    try {
      const userIds = Array.from({ length: 1_000 }, (_, i) => `user-${String(i).padStart(4, '0')}`);
      const users = encodeUsers(userIds, (i) => `選手${i}`, bundled.sharedBytes);
      const order = Uint32Array.from(userIds, (_, i) => userIds.length - 1 - i);
      const board = { order, rankAt: Uint32Array.from(order, (_, p) => p + 1) };
      const values = Float64Array.from(userIds, (_, i) => i);
      const withdrawn = new Uint8Array(userIds.length);
      const rows = () => pageRows(board, values, withdrawn, 3, 9);
      expect(await pool.scope(users).pages(rows())).toEqual(packPages(users, rows()));
    } finally {
      await pool.close();
    }
  });
});
