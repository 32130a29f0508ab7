import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { delimiter, join } from 'node:path';
import { repositoryRoot } from './local-stack/paths';

export interface Step {
  label: string;
  /** A shell command, run from the repository root with node_modules/.bin on the PATH. */
  command: string;
  /** Labels of steps that must have passed before this one starts (it is skipped if one failed). */
  needs?: readonly string[];
  /** Labels of steps that must have ended, however, before this one starts. */
  after?: readonly string[];
}

export interface Outcome {
  step: Step;
  status: 'ok' | 'failed' | 'skipped';
  /** When it started, in seconds after the run began (when it was skipped, for a skipped step). */
  start: number;
  seconds: number;
}

/**
 * How many steps run at once: `TEST_SLOTS` where set, else one per core. Most steps are single
 * processes bound by one core (knip, the API suite's main process) or a handful of processes that wait on each other (a
 * vitest project with its stack), so one step per core keeps the machine busy without a step's
 * timeouts meeting a starved CPU.
 */
export const slotCount = () => Number(process.env['TEST_SLOTS']) || Math.max(1, availableParallelism());

/**
 * Runs the steps as many at a time as `slots`, each starting, in the order given, as soon as a slot
 * is free, the steps it needs have passed and the steps it comes after have ended. A step's output is held and printed whole when
 * it ends, under a line saying how it ended, so the log reads step by step however they overlap.
 * Resolves with every step's outcome once all have ended or been skipped.
 */
export async function runSideBySide(
  steps: readonly Step[],
  slots = slotCount(),
  write: (text: string) => void = (text) => process.stdout.write(text),
): Promise<Outcome[]> {
  const labels = new Set(steps.map((step) => step.label));
  for (const step of steps)
    for (const label of [...(step.needs ?? []), ...(step.after ?? [])])
      if (!labels.has(label)) throw new Error(`${step.label} comes after an unknown step: ${label}`);
  const path = [join(repositoryRoot, 'node_modules/.bin'), process.env['PATH']].join(delimiter);
  const env = { ...process.env, PATH: path, ...(process.stdout.isTTY && { FORCE_COLOR: '1' }) };
  const outcomes = new Map<string, Outcome>();
  const waiting = [...steps];
  let running = 0;
  const runBegan = performance.now();
  const sinceRun = (at: number) => (at - runBegan) / 1000;

  return new Promise((resolve, reject) => {
    const finish = (outcome: Outcome, output = '') => {
      outcomes.set(outcome.step.label, outcome);
      const mark = { ok: 'ok  ', failed: 'FAIL', skipped: 'skip' }[outcome.status];
      write(`${mark} ${outcome.step.label} (${outcome.seconds.toFixed(0)} s)\n`);
      if (output.trim()) write(output.endsWith('\n') ? output : `${output}\n`);
    };
    const next = () => {
      for (let index = 0; index < waiting.length; index++) {
        const step = waiting[index]!;
        const needed = (step.needs ?? []).map((label) => outcomes.get(label));
        if (needed.some((outcome) => outcome && outcome.status !== 'ok')) {
          waiting.splice(index--, 1);
          const failed = (step.needs ?? []).filter((label) => outcomes.get(label)?.status !== 'ok');
          finish(
            { step, status: 'skipped', start: sinceRun(performance.now()), seconds: 0 },
            `not run: ${failed.join(', ')} did not pass\n`,
          );
          continue;
        }
        const before = [...needed, ...(step.after ?? []).map((label) => outcomes.get(label))];
        if (running >= slots || before.some((outcome) => !outcome)) continue;
        waiting.splice(index--, 1);
        running++;
        const began = performance.now();
        const child = spawn(step.command, { cwd: repositoryRoot, env, shell: true });
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.on('close', (code, signal) => {
          running--;
          const seconds = (performance.now() - began) / 1000;
          const status = code === 0 && !signal ? 'ok' : 'failed';
          finish({ step, status, start: sinceRun(began), seconds }, output);
          next();
        });
      }
      if (running > 0) return;
      if (waiting.length === 0) resolve(steps.map((step) => outcomes.get(step.label)!));
      else
        reject(new Error(`steps that wait on each other: ${waiting.map((step) => step.label).join(', ')}`));
    };
    next();
  });
}
