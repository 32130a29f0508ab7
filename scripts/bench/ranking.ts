import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repositoryRoot } from '../local-stack/paths';
import { sized, smoke, smokeDone } from './smoke';
import { isEntryPoint } from '../entry-point';

/**
 * `npm run bench:ranking [-- pure write read]`: the ranking benchmarks on synthetic seasons of 10k,
 * 100k and 1M players, each size in its own process so peak memory is its own. Prints a table per
 * part and writes bench/results/ranking-{pure,write,read,publish,import}.json. Numbers are measured, never asserted.
 * `-- --smoke`: every part once at 2,000 players (the import with 500 teams, the read for 0.1 s),
 * nothing written.
 */
const sizes = sized([10_000, 100_000, 1_000_000], [2_000]);
/** Sizes actually written to DynamoDB Local; 1M is sized only. */
const writtenSizes = new Set(sized([10_000, 100_000], [2_000]));

const parts = {
  pure: () => sizes.map((players) => run('ranking-pure.ts', String(players))),
  write: () =>
    sizes.map((players) =>
      run('ranking-write.ts', String(players), ...(writtenSizes.has(players) ? ['--write'] : [])),
    ),
  read: () => [run('ranking-read.ts', sized('10', '0.1'))],
  publish: () =>
    sized([100_000, 1_000_000], [2_000]).map((players) => run('ranking-publish.ts', String(players))),
  /** An operator's import over HTTP on the local stack, with this many teams in the live round. */
  import: () =>
    smoke
      ? [run('ranking-import.ts', '500')]
      : [
          run('ranking-import.ts', '100000'),
          // At 1M the import's answer only: a publish of 1M teams on DynamoDB Local takes many minutes.
          run('ranking-import.ts', '1000000', '--answer-only'),
        ],
};

/**
 * Runs one benchmark script in its own process (told `--smoke` in a smoke run); its last output
 * line is its JSON result.
 */
function run(script: string, ...args: string[]): Record<string, unknown> {
  const output = execFileSync(
    process.execPath,
    [
      ...process.execArgv,
      join(repositoryRoot, 'scripts/bench', script),
      ...args,
      ...(smoke ? ['--smoke'] : []),
    ],
    {
      cwd: repositoryRoot,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return JSON.parse(output.trim().split('\n').at(-1)!) as Record<string, unknown>;
}

export function runRankingBenchmarks(only: readonly string[] = []) {
  const directory = join(repositoryRoot, 'bench/results');
  mkdirSync(directory, { recursive: true });
  for (const [name, part] of Object.entries(parts)) {
    if (only.length && !only.includes(name)) continue;
    const results = part();
    console.log(`ranking-${name}`);
    console.table(
      name === 'read' ? results.flatMap((r) => r['results'] as Array<Record<string, unknown>>) : results,
    );
    if (smoke) continue;
    const file = join(directory, `ranking-${name}.json`);
    writeFileSync(
      file,
      JSON.stringify({ measured_at: new Date().toISOString(), node: process.version, results }, null, 2) +
        '\n',
    );
    console.log(file);
    if (name === 'import') copyImportFigures(directory, results);
    // Measured alone, the publish rows keep the figures of the last import run.
    if (name === 'publish' && !only.includes('import')) copyImportFigures(directory, lastImports(directory));
  }
}

/** The rows of the last import run, when there was one. */
function lastImports(directory: string): Array<Record<string, unknown>> {
  const file = join(directory, 'ranking-import.json');
  if (!existsSync(file)) return [];
  return (JSON.parse(readFileSync(file, 'utf8')) as { results: Array<Record<string, unknown>> }).results;
}

/** The publish report's rows carry the import's figures of the same size (the one table). */
function copyImportFigures(directory: string, imports: Array<Record<string, unknown>>) {
  const file = join(directory, 'ranking-publish.json');
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8')) as { results: Array<Record<string, unknown>> };
  for (const row of report.results) {
    const measured = imports.find((entry) => entry['players'] === row['players']);
    if (!measured) continue;
    row['import_answer_ms'] = measured['import_answer_ms'];
    row['import_to_served_ms'] = measured['import_to_served_ms'];
  }
  writeFileSync(file, JSON.stringify(report, null, 2) + '\n');
}

if (isEntryPoint(import.meta.url)) {
  runRankingBenchmarks(process.argv.slice(2).filter((arg) => !arg.startsWith('--')));
  smokeDone();
}
