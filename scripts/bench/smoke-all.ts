import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repositoryRoot } from '../local-stack/paths';
import { asOwnProcess } from './in-process';

/**
 * Every `npm run bench:*` of package.json at its smoke size (`-- --smoke`), one after another in
 * this process, as `npm test` runs them once the SPA is built. Each bench's script is evaluated here
 * as `node --import tsx <file> --smoke` would run it: the same code, without a Node process, tsx
 * and the local stack's modules loaded again for each bench (about 3 s of CPU a bench). A bench
 * fails the run if it throws or never reaches its end (`smokeDone()`), so a bench that no longer
 * runs, or one added without a smoke size, is noticed. `-- <name>...` runs only those.
 */
const scripts = (
  JSON.parse(readFileSync(join(repositoryRoot, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  }
).scripts;
const only = process.argv.slice(2);
const benches = Object.keys(scripts).filter(
  (name) => name.startsWith('bench:') && (!only.length || only.includes(name.slice('bench:'.length))),
);
const unknown = only.filter((name) => !benches.includes(`bench:${name}`));
if (unknown.length) {
  console.error(`no such benchmark: ${unknown.join(', ')}`);
  process.exit(1);
}

/** The file a bench's script runs: every `bench:*` script is `tsx scripts/bench/<name>.ts`. */
function scriptFile(bench: string): string {
  const file = /^tsx (scripts\/bench\/[\w-]+\.ts)$/.exec(scripts[bench] ?? '')?.[1];
  if (!file)
    throw new Error(`${bench}: its script must be \`tsx scripts/bench/<file>.ts\` (${scripts[bench]})`);
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

const failed: string[] = [];
for (const bench of benches) {
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
// A bench's stack may leave a timer or a socket behind; the run ends here either way.
process.exit(failed.length ? 1 : 0);
