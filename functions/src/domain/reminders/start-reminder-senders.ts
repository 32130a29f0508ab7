/**
 * Starts the reminder senders without waiting for them where they run apart: in AWS one
 * asynchronous invoke (`Event`) of the senders' function per sender, each with its slot (a sender
 * holds its slot's lease, so no more than the configured number send at once). In the local stack
 * the same senders (their entry handed over through ../job-runs/in-process-jobs.ts) run side by
 * side in this process, and the caller waits for them. Anywhere else (an operator's run in AWS or
 * in LocalStack, whose stage is `local` too: its function starts no senders and was handed no
 * entry) the batches wait in the queue, and the job's next run starts the senders.
 */
import { invokeWithoutWaiting } from '../../adapters/function-invoke';
import { runOutsideAwsAccess } from '../../lib/aws-access';
import { config } from '../../lib/config';
import { handedOverJobs, type SenderReport } from '../job-runs/in-process-jobs';

/**
 * Invokes the senders of `slots` (all of them by default); answers the runs it waited for, which
 * send at `at` (the calling run's instant).
 */
export async function startReminderSenders(
  senders: number,
  at?: Date,
  slots: readonly number[] = Array.from({ length: senders }, (_, slot) => slot),
): Promise<SenderReport[]> {
  const { REMINDER_SENDER_FUNCTION: functionName } = config();
  if (functionName) {
    await Promise.all(slots.map((slot) => invokeWithoutWaiting(functionName, { slot })));
    return [];
  }
  const jobs = handedOverJobs();
  if (!jobs) return [];
  const { reminderSender } = jobs;
  const runs = await runOutsideAwsAccess(() =>
    Promise.all(slots.map((slot) => reminderSender({ slot, ...(at ? { at: at.toISOString() } : {}) }))),
  );
  return runs.filter((run): run is SenderReport => !('skipped' in run));
}
