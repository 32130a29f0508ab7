import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleOptions, unbundledCredentialSources } from '../lib/constructs/api-function';
import { repositoryRoot } from '../lib/paths';

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
