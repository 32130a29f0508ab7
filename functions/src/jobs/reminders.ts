import { sendDueReminders } from '../domain/reminders/reminder-service';
import { logger } from '../lib/logger';
import { now } from '../lib/clock';
import { runAlone } from '../domain/job-runs/run-alone';
import { tracedHandler } from '../lib/tracer';

/**
 * The scheduled deadline reminders (EventBridge in AWS, a timer in the local stack): plans the
 * reminder times whose start has come, queues their batches and starts the senders
 * (jobs/reminder-sender.ts). One run at a time (the job's lease); each message is also claimed
 * before it is sent, so none goes out twice.
 */
export const handler = tracedHandler(async () =>
  runAlone('reminders', async () => {
    const result = await sendDueReminders(now());
    // The senders record what they send (RemindersSent, RemindersFailed).
    if (result.rounds.length) logger.info('reminders planned', { ...result });
    return result;
  }),
);
