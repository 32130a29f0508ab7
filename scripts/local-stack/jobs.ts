/**
 * The scheduled jobs in the local stack, on the same schedule as in AWS (functions/src/jobs/
 * schedule.ts): each job once at start (so a stack started after a deadline catches up), then every
 * `everyMinutes`, and the jobs marked `atDeadlines` also a second after each round deadline instant.
 * Like a function with reserved concurrency 1, a job still running is not started again.
 */
import { scheduledJobs, type ScheduledJobDefinition } from '../../functions/src/jobs/schedule';

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
    .flatMap((record) => record.rounds.map((round) => round.deadline_at))
    .filter((deadline) => Date.parse(deadline) > now.getTime())
    .sort();
  return upcoming[0] ?? null;
}

export function startLocalJobs(options: LocalJobsOptions = {}): { stop(): void } {
  const jobs = options.jobs ?? scheduledJobs;
  const run = options.run ?? runHandler;
  const nextDeadline = options.nextDeadline ?? nextDeadlineInTable;
  const running = new Set<string>();
  const timers: Array<ReturnType<typeof setInterval>> = [];
  let deadlineTimer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const runOnce = async (job: ScheduledJobDefinition) => {
    if (running.has(job.name) || stopped) return;
    running.add(job.name);
    try {
      await run(job);
    } catch (error) {
      options.onError?.(job, error);
    } finally {
      running.delete(job.name);
    }
  };

  const watchDeadlines = async () => {
    if (stopped) return;
    let deadline: string | null = null;
    try {
      deadline = await nextDeadline(new Date());
    } catch (error) {
      options.onError?.(jobs[0]!, error);
    }
    if (stopped) return;
    const wait = deadline === null ? deadlineRecheckMs : Date.parse(deadline) - Date.now() + 1000;
    deadlineTimer = setTimeout(
      () => {
        const reached = deadline !== null && Date.now() >= Date.parse(deadline);
        const due = reached ? jobs.filter((job) => job.atDeadlines).map(runOnce) : [];
        void Promise.all(due).then(watchDeadlines);
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

  return {
    stop() {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      if (deadlineTimer) clearTimeout(deadlineTimer);
    },
  };
}
