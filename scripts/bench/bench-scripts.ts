import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repositoryRoot } from '../local-stack/paths';

/** package.json's `bench:*` scripts, each name with its command. */
export function benchScripts(): Map<string, string> {
  const { scripts } = JSON.parse(readFileSync(join(repositoryRoot, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  return new Map(Object.entries(scripts).filter(([name]) => name.startsWith('bench:')));
}

/**
 * The folder a smoke-run process makes in `claims` (`SMOKE_CLAIMS`) to take `bench`: only one
 * process can make it, so only one runs the bench.
 */
export const claimFolder = (claims: string, bench: string): string => join(claims, bench.replace(':', '-'));
