/**
 * Starts the reminder senders without waiting for them where they run apart: in AWS one
 * asynchronous invoke (`Event`) of the senders' function per sender, each with its slot (a sender
 * holds its slot's lease, so no more than the configured number send at once). In the local stack
 * the same senders run side by side in this process, and the caller waits for them. Anywhere else
 * (an operator's run in AWS, whose function starts no senders) the batches wait in the queue, and
 * the job's next run starts the senders.
 */
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { guardClient, runOutsideAwsAccess } from '../lib/aws-access';
import { config } from '../lib/config';
import type * as senderJob from '../jobs/reminder-sender';

/** Named by a variable, so that esbuild does not bundle the senders into the job's function. */
const inProcessSender = '../jobs/reminder-sender';

let client: LambdaClient | undefined;

type SenderRun = Awaited<ReturnType<typeof senderJob.handler>>;

/**
 * Invokes the senders of `slots` (all of them by default); answers the runs it waited for, which
 * send at `at` (the calling run's instant).
 */
export async function startReminderSenders(
  senders: number,
  at?: Date,
  slots: readonly number[] = Array.from({ length: senders }, (_, slot) => slot),
): Promise<Array<Exclude<SenderRun, { skipped: true }>>> {
  const { REMINDER_SENDER_FUNCTION: functionName, STAGE: stage } = config();
  if (functionName) {
    client ??= guardClient('lambda', new LambdaClient({}));
    await Promise.all(
      slots.map((slot) =>
        client!.send(
          new InvokeCommand({
            FunctionName: functionName,
            InvocationType: 'Event',
            Payload: JSON.stringify({ slot }),
          }),
        ),
      ),
    );
    return [];
  }
  if (stage !== 'local') return [];
  const { handler } = (await import(inProcessSender)) as typeof senderJob;
  const runs = await runOutsideAwsAccess(() =>
    Promise.all(slots.map((slot) => handler({ slot, ...(at ? { at: at.toISOString() } : {}) }))),
  );
  return runs.filter((run): run is Exclude<SenderRun, { skipped: true }> => !('skipped' in run));
}
