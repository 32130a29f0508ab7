import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repositoryRoot } from '../local-stack/paths';
import { sized, smoke, smokeDone } from './smoke';
import { isEntryPoint } from '../entry-point';
import { asOwnProcess } from './in-process';

/**
 * `npm run bench:ranking [-- pure write read]`: the ranking benchmarks on synthetic seasons of 10k,
 * 100k and 1M players, each size in its own process so peak memory is its own. Prints a table per
 * part and writes bench/results/ranking-{pure,write,read,publish,import}.json. Numbers are measured, never asserted.
 * `-- --smoke`: every part once at 2,000 players (the import with 500 teams, the read for 0.1 s),
 * one after another in this process, nothing written.
 */
const sizes = sized([10_000, 100_000, 1_000_000], [2_000]);
/** Sizes actually written to DynamoDB Local; 1M is sized only. */
const writtenSizes = new Set(sized([10_000, 100_000], [2_000]));

/** The parts' scripts, each also a module whose `run` measures what the script prints. */
const scripts = {
  pure: () => import('./ranking-pure'),
  write: () => import('./ranking-write'),
  read: () => import('./ranking-read'),
  publish: () => import('./ranking-publish'),
  import: () => import('./ranking-import'),
};
type Part = keyof typeof scripts;
/** One measurement: scripts/bench/ranking-{part}.ts with these arguments. */
type Measurement = [part: Part, ...args: string[]];
type Result = Record<string, unknown>;

const parts: Record<Part, () => Measurement[]> = {
  pure: () => sizes.map((players) => ['pure', String(players)]),
  write: () =>
    sizes.map((players) => ['write', String(players), ...(writtenSizes.has(players) ? ['--write'] : [])]),
  read: () => [['read', sized('10', '0.1')]],
  publish: () => sized([100_000, 1_000_000], [2_000]).map((players) => ['publish', String(players)]),
  /** An operator's import over HTTP on the local stack, with this many teams in the live round. */
  import: () =>
    smoke
      ? [['import', '500']]
      : [
          ['import', '100000'],
          // At 1M the import's answer only: a publish of 1M teams on DynamoDB Local takes many minutes.
          ['import', '1000000', '--answer-only'],
        ],
};

/**
 * Runs one benchmark script in its own process (told `--smoke` in a smoke run); its last output
 * line is its JSON result.
 */
function inChild([part, ...args]: Measurement): Result {
  const output = execFileSync(
    process.execPath,
    [
      ...process.execArgv,
      join(repositoryRoot, `scripts/bench/ranking-${part}.ts`),
      ...args,
      ...(smoke ? ['--smoke'] : []),
    ],
    {
      cwd: repositoryRoot,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return JSON.parse(output.trim().split('\n').at(-1)!) as Result;
}

/**
 * Calls one benchmark script's `run` in this process: a smoke run spares a Node process and a load
 * of the same modules per part (it keeps no figures, so its peak memory need not be its own).
 */
function inThisProcess([part, ...args]: Measurement): Promise<Result> {
  return asOwnProcess(async () => (await scripts[part]()).run(args));
}

const selected = (only: readonly string[]) =>
  Object.entries(parts).filter(([name]) => !only.length || only.includes(name));

/** Each size in its own process, so that its peak memory is its own. */
export function runRankingBenchmarks(only: readonly string[] = []) {
  for (const [name, part] of selected(only)) report(name, part().map(inChild), only);
}

/** A smoke run: every part once at its smoke size, one after another in this process. */
async function runRankingSmoke(only: readonly string[]) {
  for (const [name, part] of selected(only)) {
    const results: Result[] = [];
    for (const measurement of part()) results.push(await inThisProcess(measurement));
    report(name, results, only);
  }
}

/** Prints a part's table and, unless this is a smoke run, writes its figures. */
function report(name: string, results: Result[], only: readonly string[]) {
  const directory = join(repositoryRoot, 'bench/results');
  console.log(`ranking-${name}`);
  console.table(
    name === 'read' ? results.flatMap((r) => r['results'] as Array<Record<string, unknown>>) : results,
  );
  if (smoke) return;
  mkdirSync(directory, { recursive: true });
  const file = join(directory, `ranking-${name}.json`);
  writeFileSync(
    file,
    JSON.stringify({ measured_at: new Date().toISOString(), node: process.version, results }, null, 2) + '\n',
  );
  console.log(file);
  if (name === 'import') copyImportFigures(directory, results);
  // Measured alone, the publish rows keep the figures of the last import run.
  if (name === 'publish' && !only.includes('import')) copyImportFigures(directory, lastImports(directory));
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
  const only = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
  if (smoke) await runRankingSmoke(only);
  else runRankingBenchmarks(only);
  smokeDone();
}
