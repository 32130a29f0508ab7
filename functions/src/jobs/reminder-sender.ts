import { continueSending, sendQueuedReminders } from '../domain/reminders/reminder-sender';
import { runAlone } from '../domain/job-runs/run-alone';
import { logger } from '../lib/logger';
import { recordMetric } from '../lib/metrics';
import { tracedHandler } from '../lib/tracer';

/**
 * One reminder sender (invoked asynchronously by the reminders job, one per slot; in the local
 * stack run in its process). It holds its slot's lease, so at most REMINDER_SENDERS send at once,
 * and sends batches until none is free; in AWS it stops claiming two minutes before its timeout
 * and, when batches may be left, starts its successor for the slot.
 */
export const handler = tracedHandler(
  async (
    /** `at`: the instant of the run that waits for it in the same process (the local stack's). */
    event: { slot?: number; at?: string },
    context?: { getRemainingTimeInMillis: () => number },
  ) => {
    const slot = event.slot ?? 0;
    const run = await runAlone(`reminder-sender-${slot}`, () =>
      sendQueuedReminders({
        ...(event.at === undefined ? {} : { at: new Date(event.at) }),
        ...(context ? { remainingMs: () => context.getRemainingTimeInMillis() } : {}),
      }),
    );
    if ('skipped' in run) return run;
    if (run.batches) logger.info('reminder batches sent', { slot, ...run });
    const sent = run.sent.email + run.sent.line;
    if (sent > 0) recordMetric('RemindersSent', sent);
    if (run.failed > 0) recordMetric('RemindersFailed', run.failed);
    if (run.stopped_early) await continueSending(slot);
    return run;
  },
);
