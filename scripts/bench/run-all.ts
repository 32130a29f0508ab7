import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repositoryRoot } from '../local-stack/paths';

/**
 * `npm run bench`: every benchmark, each size in its own process so peak memory is its own.
 * Prints a table and writes bench/results/*.json. Numbers are measured, never asserted.
 */
const sizes = [10_000, 100_000, 1_000_000];
const results = sizes.map((players) => {
  const output = execFileSync(
    'npx',
    ['tsx', join(repositoryRoot, 'scripts/bench/ranking-pure.ts'), String(players)],
    {
      cwd: repositoryRoot,
      encoding: 'utf8',
    },
  );
  const line = output.trim().split('\n').at(-1)!;
  return JSON.parse(line) as Record<string, number>;
});

console.table(results);
const directory = join(repositoryRoot, 'bench/results');
mkdirSync(directory, { recursive: true });
writeFileSync(
  join(directory, 'ranking-pure.json'),
  JSON.stringify({ measured_at: new Date().toISOString(), node: process.version, results }, null, 2) + '\n',
);
console.log('bench/results/ranking-pure.json');
