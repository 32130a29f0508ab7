import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repositoryRoot } from '../local-stack/paths';
import { SMOKE_DONE } from './smoke';

/**
 * Every `npm run bench:*` of package.json at its smoke size (`-- --smoke`), one after another, as
 * `npm test` runs them after the browser tests (it needs the built SPA). A bench fails the run if it
 * exits with an error or never reaches its end (the line `smokeDone()` prints), so a bench that no
 * longer runs, or one added without a smoke size, is noticed. `-- <name>...` runs only those.
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
/**
 * A bench whose script is `tsx <file>` runs as `node --import tsx <file> --smoke`: the process that
 * script starts, without npm's and tsx's own before it (about 0.9 s of CPU a bench). Any other
 * script runs through npm.
 */
function command(bench: string): [string, string[]] {
  const file = /^tsx (scripts\/bench\/[\w-]+\.ts)$/.exec(scripts[bench] ?? '')?.[1];
  return file
    ? [process.execPath, ['--import', 'tsx', file, '--smoke']]
    : ['npm', ['run', '--silent', bench, '--', '--smoke']];
}

const failed: string[] = [];
for (const bench of benches) {
  const started = performance.now();
  const run = spawnSync(...command(bench), {
    cwd: repositoryRoot,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 2 ** 20,
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  const done = run.status === 0 && run.stdout.includes(SMOKE_DONE);
  console.log(`${done ? 'ok  ' : 'FAIL'} npm run ${bench} -- --smoke (${seconds} s)`);
  if (!done) {
    failed.push(bench);
    process.stdout.write(run.stdout.slice(-4000));
    process.stderr.write(run.stderr.slice(-4000));
  }
}
if (failed.length) {
  console.error(`benchmarks that no longer run at their smoke size: ${failed.join(', ')}`);
  process.exit(1);
}
