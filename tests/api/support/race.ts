import { expect } from 'vitest';
import type { ApiResult } from './api';

/** A refusal's body: its code and Japanese text. */
export interface ErrorBody {
  code: string;
  message: string;
  errors?: Record<string, string[]>;
}

export interface Trial<S> {
  trial: number;
  state: S;
  /** The answers, in the order the actions were given. */
  results: Array<ApiResult<ErrorBody>>;
}

/**
 * Runs `times` trials of actions that touch the same thing at once: each trial makes its state
 * (`setup`), starts every action in the same tick, waits for all their answers, then `check`s the
 * stored state. Every answer must be a success or a clean refusal (a 4xx with a code): a 5xx, or a
 * 4xx without a code, fails the test with the trial's answers. The trials run in `lanes` side by
 * side (trial t in lane t mod lanes; one lane unless given), one after another within a lane, each
 * checked before the next one starts: trials of one lane may share a thing (a tournament) that each
 * sets up again, while lanes never share one.
 */
export async function race<S>(options: {
  times: number;
  lanes?: number;
  setup: (trial: number) => Promise<S>;
  actions: Array<(state: S, trial: number) => Promise<ApiResult<unknown>>>;
  check: (trial: Trial<S>) => Promise<void>;
}): Promise<void> {
  const lanes = options.lanes ?? 1;
  const once = async (trial: number) => {
    const state = await options.setup(trial);
    const results = (await Promise.all(options.actions.map((action) => action(state, trial)))) as Array<
      ApiResult<ErrorBody>
    >;
    for (const result of results) expectClean(result, `trial ${trial}`);
    await options.check({ trial, state, results });
  };
  await Promise.all(
    Array.from({ length: lanes }, async (_, lane) => {
      for (let trial = lane; trial < options.times; trial += lanes) await once(trial);
    }),
  );
}

/** A success, or a refusal with its code: never a server error. */
export function expectClean(result: ApiResult<unknown>, where: string): void {
  const detail = `${where}: ${result.status} ${JSON.stringify(result.body)}`;
  expect(result.status, detail).toBeLessThan(500);
  if (result.status >= 400) expect((result.body as ErrorBody | undefined)?.code, detail).toBeTypeOf('string');
}

/** The trial's statuses, sorted: `[200, 409]` whichever action got which. */
export const statusesOf = (results: ReadonlyArray<ApiResult<unknown>>): number[] =>
  results.map((result) => result.status).sort((a, b) => a - b);
