import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repositoryRoot } from '../local-stack/paths';
import { benchScripts, claimFolder } from './bench-scripts';
import { asOwnProcess } from './in-process';

/**
 * Every `npm run bench:*` of package.json at its smoke size (`-- --smoke`), one after another in
 * this process, as `npm test` runs them once the SPA is built. Each bench's script is evaluated here
 * as `node --import tsx <file> --smoke` would run it: the same code, without a Node process, tsx
 * and the local stack's modules loaded again for each bench (about 3 s of CPU a bench). A bench
 * fails the run if it throws or never reaches its end (`smokeDone()`), so a bench that no longer
 * runs, or one added without a smoke size, is noticed. `-- <name>...` runs only those.
 *
 * Where `SMOKE_CLAIMS` names a folder, processes that share it share the benches: each takes the
 * next bench none has taken (a folder of its name made there, which only one can make), so two of
 * them started on two cores, at different times, end about together. `npm test` runs two.
 */
const scripts = benchScripts();
const only = process.argv.slice(2);
/**
 * The longest smoke runs first (about 20 s each, the others under 15 s), so that the processes
 * sharing the benches end with short ones.
 */
const longestFirst = ['bench:load', 'bench:ranking', 'bench:web'];
const benches = [...scripts.keys()]
  .filter((name) => !only.length || only.includes(name.slice('bench:'.length)))
  .sort((a, b) => rankOf(a) - rankOf(b));
function rankOf(bench: string): number {
  const index = longestFirst.indexOf(bench);
  return index === -1 ? longestFirst.length : index;
}
const unknown = only.filter((name) => !benches.includes(`bench:${name}`));
if (unknown.length) {
  console.error(`no such benchmark: ${unknown.join(', ')}`);
  process.exit(1);
}

/** The file a bench's script runs: every `bench:*` script is `tsx scripts/bench/<name>.ts`. */
function scriptFile(bench: string): string {
  const file = /^tsx (scripts\/bench\/[\w-]+\.ts)$/.exec(scripts.get(bench) ?? '')?.[1];
  if (!file)
    throw new Error(`${bench}: its script must be \`tsx scripts/bench/<file>.ts\` (${scripts.get(bench)})`);
  return join(repositoryRoot, file);
}

// Every bench reads `--smoke` from the arguments when scripts/bench/smoke.ts is first evaluated.
const ownArguments = process.argv;
process.argv = [ownArguments[0]!, ownArguments[1]!, '--smoke'];
const { smokeRunsDone } = await import('./smoke');

/** Runs one bench's script as its entry point (its own path in `process.argv`, `--smoke` after it). */
function runBench(file: string): Promise<void> {
  process.argv = [ownArguments[0]!, file, '--smoke'];
  return asOwnProcess(async () => {
    await import(pathToFileURL(file).href);
  });
}

const claims = process.env['SMOKE_CLAIMS'];
/** Whether this process runs `bench`: always, unless another sharing the claims took it first. */
function claim(bench: string): boolean {
  if (!claims) return true;
  try {
    mkdirSync(claimFolder(claims, bench));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

const failed: string[] = [];
let ran = 0;
for (const bench of benches) {
  if (!claim(bench)) continue;
  ran++;
  const started = performance.now();
  const before = smokeRunsDone();
  let error: unknown;
  try {
    await runBench(scriptFile(bench));
  } catch (thrown) {
    error = thrown;
  }
  const done = error === undefined && smokeRunsDone() > before;
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  console.log(`${done ? 'ok  ' : 'FAIL'} npm run ${bench} -- --smoke (${seconds} s)`);
  if (!done) {
    failed.push(bench);
    if (error !== undefined) console.error(error);
  }
}
if (failed.length) {
  console.error(`benchmarks that no longer run at their smoke size: ${failed.join(', ')}`);
}
if (ran === 0) console.log('every bench was taken by another process');
// A bench's stack may leave a timer or a socket behind; the run ends here either way.
process.exit(failed.length ? 1 : 0);
