import type { AwsAccess } from '@golf/shared/contracts';

/**
 * The scheduled jobs, one place for both runners: EventBridge rules in AWS
 * (infra/lib/stacks/jobs-stack.ts) and the timers of the local stack (scripts/local-stack/jobs.ts),
 * so a job runs on the same schedule wherever the game runs.
 */
export interface ScheduledJobDefinition {
  name: string;
  /** The module under functions/src/jobs that exports `handler`. */
  module: string;
  everyMinutes: number;
  /**
   * Also run at each round deadline's settlement instant (the deadline and `SETTLEMENT_GRACE_MS`) of
   * every tournament (locally). In AWS the 5-minute rate runs it within 5 minutes of that instant;
   * until then the views settle a team on read
   * (domain/game/settled-team.ts), so no view waits for it.
   */
  atDeadlines: boolean;
  aws: AwsAccess;
  description: string;
  /** Operator routes start it by its function name (the ranking job: ApiResources.rankingJobName). */
  invokedByName?: boolean;
  /**
   * It packs with worker threads (RANKING_PACKING_WORKERS, `packingWorkersFor` its memory). In AWS
   * its memory is the deployment's `rankingJobMemoryMb` (infra/lib/config.ts), the other jobs' 1,024 MB.
   */
  packsInParallel?: boolean;
}

/** Lambda's memory for one vCPU (one vCPU-second of credits per second, AWS's documentation). */
const MB_PER_VCPU = 1769;

/**
 * The worker threads a function of this memory packs with: its vCPU share to the nearest whole vCPU,
 * less the job's own thread. At 3,008 MB (1.7 vCPUs, shown as 2 cores) one worker: the job's thread
 * alone would leave 0.7 vCPU idle and take half as long again (docs/performance.md).
 */
export const packingWorkersFor = (memoryMb: number) => Math.max(0, Math.round(memoryMb / MB_PER_VCPU) - 1);

export const scheduledJobs = [
  {
    name: 'RankingRecompute',
    module: 'ranking',
    everyMinutes: 5,
    atDeadlines: false,
    aws: { table: 'write', rankingInputs: ['GetObject', 'PutObject'] },
    description: 'Publishes the rankings marked stale (started at once by operator calls, and on schedule)',
    invokedByName: true,
    // A publish at a million players is CPU-bound and most of its work (packing the pages) divides
    // over threads (bench:ranking). It peaks near 750 MB with one worker, and each worker adds its
    // own heap (tens of MB).
    packsInParallel: true,
  },
  {
    name: 'CarryOver',
    module: 'carry-over',
    everyMinutes: 5,
    atDeadlines: true,
    aws: { table: 'write' },
    description:
      'Teams settled at each passed round deadline of every tournament (carry-over, ineligible players); round gates left behind written again',
  },
  {
    name: 'Reminders',
    module: 'reminders',
    everyMinutes: 5,
    atDeadlines: false,
    aws: { table: 'write', startsReminderSenders: true },
    description: 'Deadline reminders: plans each reminder time at its start and starts the senders',
  },
  {
    name: 'SaveReceipts',
    module: 'save-receipts',
    everyMinutes: 1,
    atDeadlines: false,
    aws: { table: 'write', mail: true },
    description: 'Receipt mails of complete teams left unchanged for the quiet time (opted-in players)',
  },
] as const satisfies readonly ScheduledJobDefinition[];

/**
 * The reminder senders (functions/src/jobs/reminder-sender.ts): not on a schedule, but invoked
 * asynchronously by the reminders job, one per slot, and by a sender for its successor.
 */
export const reminderSender = {
  name: 'ReminderSender',
  module: 'reminder-sender',
  aws: { table: 'write', mail: true, startsReminderSenders: true },
  description: 'Sends the queued reminder batches at its share of the SES rate',
} as const satisfies Omit<ScheduledJobDefinition, 'everyMinutes' | 'atDeadlines'>;

/**
 * The share of the rate one sender is given at most: a sender keeps 16 mails in flight, each tens of
 * milliseconds at SES, so this leaves it room (bench:reminders measures the code path, not this).
 */
const MAILS_PER_SENDER = 125;
const MAX_SENDERS = 8;

/**
 * Reminder senders for a rate (the jobs stack's REMINDER_SENDERS): as many as keep each under what
 * one sender sends, at least 1, at most 8.
 */
export const reminderSendersFor = (mailsPerSecond: number): number =>
  Math.min(MAX_SENDERS, Math.max(1, Math.ceil(mailsPerSecond / MAILS_PER_SENDER)));
