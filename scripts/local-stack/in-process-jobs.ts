/**
 * The job entries that the local stack runs in its own processes where AWS starts a function: the
 * ranking job (started by operator calls) and the reminder senders (started by the reminders job).
 * They are handed to the domain's port here, at the stack's edge, so that no deployed module
 * imports an entry point. Every process that runs the functions' code hands them over: the stack's,
 * each API process, and a test's (scripts/test-support/file-setup.ts). Each entry is loaded on its
 * first run.
 */
import { runJobsInProcess } from '../../functions/src/domain/job-runs/in-process-jobs';

/** The ranking job's entry (also what POST /dev/jobs/ranking runs, ranking-route.ts). */
export const runRankingJobEntry = async () => (await import('../../functions/src/jobs/ranking')).handler();

export function runJobEntriesInProcess(): void {
  runJobsInProcess({
    rankingJob: runRankingJobEntry,
    reminderSender: async (event) =>
      (await import('../../functions/src/jobs/reminder-sender')).handler(event),
  });
}
