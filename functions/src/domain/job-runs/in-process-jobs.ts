/**
 * The port through which the domain runs a job's entry in its own process, where no function of the
 * job's own runs it: in the local stack (`RANKING_JOB_FUNCTION` `in-process`; no
 * `REMINDER_SENDER_FUNCTION` where the entries were handed over). The domain never imports an entry point
 * (functions/src/jobs/): the local stack hands the entries over at its own edge
 * (scripts/local-stack/in-process-jobs.ts), in every process that runs the functions' code. In AWS
 * nothing is handed over: each job runs in its own function, started by an asynchronous invoke.
 */
import type { ReminderChannel } from '@golf/shared/game/reminders';

/** What a reminder sender that ran reports (the fields the reminders job adds up). */
export interface SenderReport {
  sent: Record<ReminderChannel, number>;
  failed: number;
  /** LINE multicast calls made. */
  line_calls: number;
}

export interface InProcessJobs {
  /** The ranking job's entry (jobs/ranking.ts). */
  rankingJob: () => Promise<unknown>;
  /** One reminder sender's entry (jobs/reminder-sender.ts); `skipped` when its slot's lease is held. */
  reminderSender: (event: { slot: number; at?: string }) => Promise<SenderReport | { skipped: true }>;
}

let entries: InProcessJobs | undefined;

/**
 * Hands the job entries to the domain in this process (the local stack's edge, a test's stand-ins);
 * `undefined` takes them back, as in a deployed function.
 */
export function runJobsInProcess(jobs: InProcessJobs | undefined): void {
  entries = jobs;
}

/** The entries handed over, if any: a deployed function has none, whatever its stage. */
export const handedOverJobs = (): InProcessJobs | undefined => entries;

/** The entries handed over; a process that was given none fails here rather than skip the job. */
export function inProcessJobs(): InProcessJobs {
  if (!entries)
    throw new Error('no job entries in this process: the local stack hands them over (runJobsInProcess)');
  return entries;
}
