import {
  ARRIVAL_RECEIPT_WINDOW_MS,
  arrivalReceiptHeader,
  idempotencyKeyHeader,
} from '@golf/shared/team-save-headers';
import { ApiError, isApiError } from './api-client';
import { createStore } from './create-store';

/**
 * Team saves sent again while the table is busy (docs/api.md, "Busy table"): a 503 or a lost
 * connection is retried with exponential backoff and full jitter, never sooner than the answer's
 * Retry-After, every try with the same Idempotency-Key (applied once, whatever answer was lost) and
 * the arrival receipt of the last 503 (judged at the first arrival, within its 30 s window).
 */
export const teamSaveRetry = {
  /** Tries in all, the first included. */
  maxTries: 6,
  /** The first pause's ceiling; each next one doubles, up to `capMs`. */
  baseMs: 500,
  capMs: 8_000,
  /** No try starts later than this after the first: within the receipt's window, with room for the answer. */
  budgetMs: ARRIVAL_RECEIPT_WINDOW_MS - 5_000,
} as const;

/**
 * The pause before try `retry + 1` (`retry` from 0): a uniform draw in [0, min(cap, base x 2^retry))
 * ("full jitter"), but never less than the server's Retry-After.
 */
export function backoffDelayMs(
  retry: number,
  retryAfterSeconds: number | null,
  random: () => number,
): number {
  const ceiling = Math.min(teamSaveRetry.capMs, teamSaveRetry.baseMs * 2 ** retry);
  const jittered = Math.floor(random() * ceiling);
  return Math.max(jittered, (retryAfterSeconds ?? 0) * 1000);
}

/** The pauses of a whole run of retries that all meet a busy table, as `sendTeamSave` waits them. */
export function backoffSchedule(
  retryAfter: (retry: number) => number | null,
  random: () => number,
): number[] {
  const pauses: number[] = [];
  let elapsed = 0;
  for (let retry = 0; retry < teamSaveRetry.maxTries - 1; retry++) {
    const pause = backoffDelayMs(retry, retryAfter(retry), random);
    if (elapsed + pause > teamSaveRetry.budgetMs) break;
    elapsed += pause;
    pauses.push(pause);
  }
  return pauses;
}

/** Whether a save is retried while the table is busy (true from a 503 to the next answer). */
export const teamSaveRetrying = createStore(false);

/** What a save that never got through says: plainly, and that nothing chosen is lost. */
export const teamSaveGaveUpMessage =
  '混み合っているため、保存できませんでした。選んだ内容はそのままです。少し待ってから、もう一度お試しください。';

const retryable = (error: unknown): error is ApiError =>
  isApiError(error) && (error.status === 503 || error.code === 'network');

const retryAfterOf = (error: ApiError): number | null => {
  const seconds = Number(error.headers?.['retry-after']);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : null;
};

/**
 * Sends one team save until it gets through, is refused for a reason of its own (the deadline, a
 * player), or the tries or the time run out: then an ApiError with `teamSaveGaveUpMessage`.
 */
export async function sendTeamSave<T>(
  send: (headers: Record<string, string>) => Promise<T>,
  options: { sleep?: (ms: number) => Promise<void>; random?: () => number; nowMs?: () => number } = {},
): Promise<T> {
  const sleep = options.sleep ?? ((ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const random = options.random ?? Math.random;
  const nowMs = options.nowMs ?? Date.now;
  const headers: Record<string, string> = { [idempotencyKeyHeader]: crypto.randomUUID() };
  const started = nowMs();
  try {
    for (let retry = 0; ; retry++) {
      try {
        return await send({ ...headers });
      } catch (error) {
        if (!retryable(error)) throw error;
        const receipt = error.headers?.[arrivalReceiptHeader.toLowerCase()];
        if (receipt) headers[arrivalReceiptHeader] = receipt;
        const pause = backoffDelayMs(retry, retryAfterOf(error), random);
        if (retry + 1 >= teamSaveRetry.maxTries || nowMs() + pause - started > teamSaveRetry.budgetMs)
          throw new ApiError({ status: error.status, code: error.code, message: teamSaveGaveUpMessage });
        teamSaveRetrying.set(true);
        await sleep(pause);
      }
    }
  } finally {
    teamSaveRetrying.set(false);
  }
}
