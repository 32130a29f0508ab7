import { nowMs, parseClockInstant, setClockOffset, setClockTo } from '@golf/functions/lib/clock';
import type { handler as carryOverJob } from '@golf/functions/jobs/carry-over';
import type { handler as rankingJob } from '@golf/functions/jobs/ranking';
import type { handler as remindersJob } from '@golf/functions/jobs/reminders';
import type { handler as receiptsJob } from '@golf/functions/jobs/save-receipts';

/**
 * The game clock of a test's own stack (support/own-stack.ts, whose handlers run in the test's
 * process): moves it, then runs the scheduled jobs at once, in the order the schedule gives them
 * (teams settled at passed deadlines, the ranking published, reminders and receipts due sent), as
 * the local stack's timers would once the clock passes their times. A test never waits real minutes.
 * Each job decides from the clock's instant and is safe to run again, so every job runs on each move.
 */
export async function moveClockTo(instant: Date | string): Promise<JobRun> {
  setClockTo(typeof instant === 'string' ? parseClockInstant(instant) : instant);
  return runDueJobs();
}

/**
 * Moves the game clock past a round's deadline and runs the carry-over alone, as the local stack's
 * timer runs it a second after each deadline: the round's settlement, without the other jobs.
 */
export async function passDeadline(instant: Date): Promise<JobRun['carryOver']> {
  setClockTo(instant);
  return (await import('@golf/functions/jobs/carry-over')).handler();
}

/** Moves the game clock `minutes` on (back when negative) and runs the jobs. */
export const advanceClock = (minutes: number): Promise<JobRun> =>
  moveClockTo(new Date(nowMs() + minutes * 60_000));

export interface JobRun {
  carryOver: Awaited<ReturnType<typeof carryOverJob>>;
  ranking: Awaited<ReturnType<typeof rankingJob>>;
  reminders: Awaited<ReturnType<typeof remindersJob>>;
  receipts: Awaited<ReturnType<typeof receiptsJob>>;
}

/** Runs every scheduled job once, now, as of the game clock. */
export async function runDueJobs(): Promise<JobRun> {
  const carryOver = await (await import('@golf/functions/jobs/carry-over')).handler();
  const ranking = await (await import('@golf/functions/jobs/ranking')).handler();
  const reminders = await (await import('@golf/functions/jobs/reminders')).handler();
  const receipts = await (await import('@golf/functions/jobs/save-receipts')).handler();
  return { carryOver, ranking, reminders, receipts };
}

/** Puts the clock back on the host's time (in `afterAll`). */
export const resetClock = (): void => setClockOffset(0);
