import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runSideBySide, type Step } from './side-by-side';

/** A step that prints its name, waits `ms` and exits with `code`. */
const step = (label: string, ms: number, code = 0, order: Pick<Step, 'needs' | 'after'> = {}): Step => ({
  label,
  command: `node -e "console.log('${label} says hi'); setTimeout(() => process.exit(${code}), ${ms})"`,
  ...order,
});

async function run(steps: Step[], slots: number) {
  let log = '';
  const outcomes = await runSideBySide(steps, slots, (text) => (log += text));
  return { outcomes, log };
}

describe('steps side by side', () => {
  it('runs as many at once as there are slots, and prints each output whole when it ends', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'side-by-side-'));
    const journal = join(dir, 'journal');
    // `waits` ends only once `third` has begun, so it passes only if `third` ran beside it.
    const waits: Step = {
      label: 'waits',
      command: `echo waits >> ${journal}; while ! grep -q third ${journal}; do sleep 0.02; done; echo waited`,
    };
    const first = await run(
      [waits, step('quick', 10), { label: 'third', command: `echo third >> ${journal}` }],
      2,
    );
    expect(first.outcomes.map(({ step, status }) => [step.label, status])).toEqual([
      ['waits', 'ok'],
      ['quick', 'ok'],
      ['third', 'ok'],
    ]);
    expect(first.log).toMatch(/^ok {3}quick \(\d+ s\)\nquick says hi\n/m);
    expect(first.log).toMatch(/^ok {3}waits \(\d+ s\)\nwaited\n/m);
    // One slot: each step starts when the one before has ended.
    writeFileSync(journal, '');
    const one = (label: string): Step => ({
      label,
      command: `echo ${label}-start >> ${journal}; sleep 0.1; echo ${label}-end >> ${journal}`,
    });
    await run([one('a'), one('b'), one('c')], 1);
    expect(readFileSync(journal, 'utf8').split('\n').filter(Boolean)).toEqual([
      'a-start',
      'a-end',
      'b-start',
      'b-end',
      'c-start',
      'c-end',
    ]);
    rmSync(dir, { recursive: true, force: true });
  });

  it('starts a step once the steps it needs have passed (skipping it when one failed) and those it follows have ended', async () => {
    const { outcomes, log } = await run(
      [
        step('build', 200),
        step('broken', 10, 3),
        step('journeys', 10, 0, { needs: ['build'] }),
        step('needs broken', 10, 0, { needs: ['broken'] }),
        step('needs that', 10, 0, { needs: ['needs broken'] }),
        step('after broken', 10, 0, { after: ['broken', 'build'] }),
      ],
      4,
    );
    expect(Object.fromEntries(outcomes.map(({ step, status }) => [step.label, status]))).toEqual({
      build: 'ok',
      broken: 'failed',
      journeys: 'ok',
      'needs broken': 'skipped',
      'needs that': 'skipped',
      'after broken': 'ok',
    });
    expect(log.indexOf('ok   after broken')).toBeGreaterThan(log.indexOf('ok   build'));
    expect(log.indexOf('ok   journeys')).toBeGreaterThan(log.indexOf('ok   build'));
    expect(log).toContain('skip needs broken (0 s)\nnot run: broken did not pass\n');
  });

  it('refuses steps that wait on an unknown step or on each other', async () => {
    await expect(run([step('a', 10, 0, { after: ['nowhere'] })], 2)).rejects.toThrow('unknown step: nowhere');
    await expect(
      run([step('a', 10, 0, { needs: ['b'] }), step('b', 10, 0, { after: ['a'] })], 2),
    ).rejects.toThrow('steps that wait on each other: a, b');
  });
});
