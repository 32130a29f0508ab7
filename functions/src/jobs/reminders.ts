import { sendDueReminders } from '../domain/reminders/reminder-service';
import { logger } from '../lib/logger';
import { recordMetric } from '../lib/metrics';
import { now } from '../lib/clock';
import { runAlone } from '../domain/jobs/run-alone';

/**
 * The scheduled deadline reminders (EventBridge in AWS, a timer in the local stack). One run at a
 * time (the job's lease); each message is also claimed before it is sent, so none goes out twice.
 */
export const handler = async () =>
  runAlone('reminders', async () => {
    const result = await sendDueReminders(now());
    if (result.rounds.length) logger.info('reminders sent', { ...result });
    const sent = Object.values(result.sent).reduce((sum, count) => sum + count, 0);
    if (sent > 0) recordMetric('RemindersSent', sent);
    if (result.failed > 0) recordMetric('RemindersFailed', result.failed);
    return result;
  });
