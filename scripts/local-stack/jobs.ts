/**
 * The scheduled jobs in the local stack, on the same schedule as in AWS (functions/src/jobs/
 * schedule.ts): each job once at start (so a stack started after a deadline catches up), then every
 * `everyMinutes`, and the jobs marked `atDeadlines` also a second after each round deadline's
 * settlement instant (the deadline and `SETTLEMENT_GRACE_MS`) of every tournament (the carry-over
 * settles each tournament whose deadline has passed).
 * Like a function with reserved concurrency 1, a job still running is not started again.
 *
 * Time is the game clock's (functions/src/lib/clock.ts). When the clock is moved (POST /dev/clock),
 * `catchUp` runs at once each job whose time the move passed: a job whose rate ran out since its
 * last run, a deadline job when a round deadline lies between its last run and the new instant.
 */
import { nowMs } from '../../functions/src/lib/clock';
import { scheduledJobs, type ScheduledJobDefinition } from '../../functions/src/jobs/schedule';
import { SETTLEMENT_GRACE_MS } from '../../shared/src/game/carry-over';

export interface LocalJobsOptions {
  jobs?: readonly ScheduledJobDefinition[];
  /** Runs one job; by default its module's `handler`. */
  run?: (job: ScheduledJobDefinition) => Promise<unknown>;
  /** The next round deadline after `now`, or null; by default read from the table. */
  nextDeadline?: (now: Date) => Promise<string | null>;
  onError?: (job: ScheduledJobDefinition, error: unknown) => void;
}

/** Deadlines can move, so the deadline timer looks again at least this often. */
const deadlineRecheckMs = 5 * 60_000;

async function runHandler(job: ScheduledJobDefinition): Promise<unknown> {
  const module = (await import(`../../functions/src/jobs/${job.module}.ts`)) as {
    handler: () => Promise<unknown>;
  };
  return module.handler();
}

async function nextDeadlineInTable(now: Date): Promise<string | null> {
  const { tournamentRepository } = await import('../../functions/src/db/repositories/tournament-repository');
  const upcoming = (await tournamentRepository.list())
    .flatMap((record) =>
      record.rounds.map((round) =>
        new Date(Date.parse(round.deadline_at) + SETTLEMENT_GRACE_MS).toISOString(),
      ),
    )
    .filter((deadline) => Date.parse(deadline) > now.getTime())
    .sort();
  return upcoming[0] ?? null;
}

export interface LocalJobs {
  /** Runs, one after another, the jobs the clock's last move made due; answers their names. */
  catchUp(): Promise<string[]>;
  stop(): void;
}

export function startLocalJobs(options: LocalJobsOptions = {}): LocalJobs {
  const jobs = options.jobs ?? scheduledJobs;
  const run = options.run ?? runHandler;
  const nextDeadline = options.nextDeadline ?? nextDeadlineInTable;
  const running = new Set<string>();
  /** When each job last started, by the game clock. */
  const lastRun = new Map<string, number>();
  const timers: Array<ReturnType<typeof setInterval>> = [];
  let deadlineTimer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const runOnce = async (job: ScheduledJobDefinition) => {
    if (running.has(job.name) || stopped) return;
    running.add(job.name);
    lastRun.set(job.name, nowMs());
    try {
      await run(job);
    } catch (error) {
      options.onError?.(job, error);
    } finally {
      running.delete(job.name);
    }
  };

  /** Runs a job once a run of it still going has finished, so that run's instant is not the last. */
  const runAfterRunning = async (job: ScheduledJobDefinition) => {
    while (running.has(job.name) && !stopped) await new Promise((resolve) => setTimeout(resolve, 20));
    await runOnce(job);
  };

  // A newer watch (after a clock move) replaces the one before it. Each watch looks for the first
  // deadline after the last one it ran for, whichever tournament's, so a deadline that passed while
  // a run was going (another tournament's, minutes or seconds after) is run for at once.
  let watching = 0;
  let watchedFrom = nowMs();
  const watchDeadlines = async () => {
    const watch = ++watching;
    if (stopped) return;
    let deadline: string | null = null;
    try {
      deadline = await nextDeadline(new Date(watchedFrom));
    } catch (error) {
      options.onError?.(jobs[0]!, error);
    }
    if (stopped || watch !== watching) return;
    const wait = deadline === null ? deadlineRecheckMs : Date.parse(deadline) - nowMs() + 1000;
    deadlineTimer = setTimeout(
      () => {
        const reached = deadline !== null && nowMs() >= Date.parse(deadline);
        if (reached) watchedFrom = Date.parse(deadline!);
        const due = reached ? jobs.filter((job) => job.atDeadlines).map(runAfterRunning) : [];
        void Promise.all(due).then(() => (watch === watching ? watchDeadlines() : undefined));
      },
      Math.max(0, Math.min(wait, deadlineRecheckMs)),
    );
    deadlineTimer.unref?.();
  };

  for (const job of jobs) {
    void runOnce(job);
    const timer = setInterval(() => void runOnce(job), job.everyMinutes * 60_000);
    timer.unref?.();
    timers.push(timer);
  }
  void watchDeadlines();

  const isDue = async (job: ScheduledJobDefinition, at: number) => {
    const last = lastRun.get(job.name);
    if (last === undefined || at < last || at - last >= job.everyMinutes * 60_000) return true;
    if (!job.atDeadlines) return false;
    const deadline = await nextDeadline(new Date(last));
    return deadline !== null && Date.parse(deadline) <= at;
  };

  return {
    async catchUp() {
      const at = nowMs();
      const due: ScheduledJobDefinition[] = [];
      for (const job of jobs) if (await isDue(job, at)) due.push(job);
      // In the order of the schedule: teams settled before the ranking that scores them is published.
      const order = ['CarryOver', 'RankingRecompute', 'Reminders', 'SaveReceipts'];
      due.sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
      // A run of the timer still going finishes first, then the job runs again as of the new instant.
      for (const job of due) await runAfterRunning(job);
      if (deadlineTimer) clearTimeout(deadlineTimer);
      // The deadlines up to the new instant were run for above (or lie behind a clock moved back).
      watchedFrom = at;
      void watchDeadlines();
      return due.map((job) => job.name);
    },
    stop() {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      if (deadlineTimer) clearTimeout(deadlineTimer);
    },
  };
}
