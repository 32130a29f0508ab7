import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { delimiter, join } from 'node:path';
import { repositoryRoot } from './local-stack/paths';

/**
 * `npm test`: lints (ESLint with the layer rules, Prettier, knip), typechecks every workspace and
 * builds the SPA the browser tests open, those three side by side; then runs the vitest projects:
 * unit and API first, the browser journeys after, then every benchmark at its smoke size. The API
 * and e2e suites each start a local stack inside vitest's main process, whose environment the
 * handlers read, so the two never run in the same vitest process.
 * Extra arguments go to every vitest run.
 */
const run = (command: string, args: string[]) => {
  const result = spawnSync(command, args, { cwd: repositoryRoot, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

interface Step {
  label: string;
  command: string;
}

/**
 * The commands of a package.json script joined by `&&`, each a step of its own: `npm run lint` is
 * ESLint, Prettier and knip, `npm run typecheck` one `tsc` per project.
 */
function scriptSteps(name: string): Step[] {
  const { scripts } = JSON.parse(readFileSync(join(repositoryRoot, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const script = scripts[name];
  if (!script) throw new Error(`package.json has no script ${name}`);
  return script.split(' && ').map((command) => ({ label: `${name}: ${command}`, command }));
}

/**
 * Runs the steps as many at a time as the machine has cores, in the order given. Each step's
 * output is held and printed whole when it ends, in the order given, so the log reads as if they
 * ran one after another. Exits with the first failure's code once every step has ended.
 */
async function runSideBySide(steps: Step[]): Promise<void> {
  const slots = Math.max(1, availableParallelism());
  const path = [join(repositoryRoot, 'node_modules/.bin'), process.env['PATH']].join(delimiter);
  const env = { ...process.env, PATH: path, ...(process.stdout.isTTY && { FORCE_COLOR: '1' }) };
  const outcomes: Array<Promise<{ status: number; output: string; seconds: number }>> = [];
  let running = 0;
  const waiting: Array<() => void> = [];
  const start = (step: Step) =>
    new Promise<{ status: number; output: string; seconds: number }>((resolve) => {
      const began = performance.now();
      const child = spawn(step.command, { cwd: repositoryRoot, env, shell: true });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('close', (code, signal) =>
        resolve({
          status: code ?? (signal ? 1 : 0),
          output,
          seconds: (performance.now() - began) / 1000,
        }),
      );
    });
  for (const step of steps) {
    if (running >= slots) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    const outcome = start(step);
    void outcome.then(() => {
      running--;
      waiting.shift()?.();
    });
    outcomes.push(outcome);
  }
  let failure = 0;
  for (const [index, outcome] of outcomes.entries()) {
    const { status, output, seconds } = await outcome;
    const step = steps[index]!;
    process.stdout.write(`${status === 0 ? 'ok  ' : 'FAIL'} ${step.label} (${seconds.toFixed(0)} s)\n`);
    if (output.trim()) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
    if (status !== 0 && !failure) failure = status;
  }
  if (failure) process.exit(failure);
}

const extra = process.argv.slice(2);
await runSideBySide([...scriptSteps('lint'), ...scriptSteps('typecheck'), ...scriptSteps('build')]);
run('npx', ['vitest', 'run', '--project', 'unit', '--project', 'api', ...extra]);
run('npx', ['vitest', 'run', '--project', 'e2e', ...extra]);
// Every `npm run bench:*` at its smoke size, so a bench that no longer runs fails the suite.
run('npx', ['tsx', 'scripts/bench/smoke-all.ts']);
