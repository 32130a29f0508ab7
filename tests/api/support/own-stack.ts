import { inject } from 'vitest';
import type { Stack, StackOptions } from '../../../scripts/local-stack/stack';

/**
 * A stack of this test file's own, on a table of its own, served from this worker: what it compares
 * or mocks is not touched by the files that run at the same time. It reuses the suite's DynamoDB
 * Local and s3rver (their endpoints come from the suite's environment) and seeds the sample season.
 */
export async function startOwnStack(
  name: string,
  options: StackOptions = {},
): Promise<{ stack: Stack; table: string; token: (sub: string, groups?: string[]) => Promise<string> }> {
  const table = `golf-${name}-${Date.now().toString(36)}`;
  for (const [key, value] of Object.entries(inject('stackEnv'))) process.env[key] = value;
  process.env['TABLE_NAME'] = table;
  process.env['LOG_LEVEL'] = 'silent';
  const { startStack } = await import('../../../scripts/local-stack/stack');
  const stack = await startStack({
    port: 0,
    dataDir: null,
    spaDir: null,
    quiet: true,
    seed: true,
    ...options,
  });
  const { signLocalAccessToken } = await import('../../../functions/src/lib/local-issuer');
  const token = async (sub: string, groups: string[] = []) =>
    (await signLocalAccessToken({ sub, groups })).token;
  return { stack, table, token };
}
