import { sendDueReminders, type ReminderRunResult } from '../domain/reminders/reminder-service';
import { logger } from '../lib/logger';
import { recordMetric } from '../lib/metrics';
import { now } from '../lib/clock';

/** The scheduled deadline reminders (EventBridge in AWS, a timer in the local stack). */
export async function handler(): Promise<ReminderRunResult> {
  const result = await sendDueReminders(now());
  if (result.rounds.length) logger.info('reminders sent', { ...result });
  const sent = Object.values(result.sent).reduce((sum, count) => sum + count, 0);
  if (sent > 0) recordMetric('RemindersSent', sent);
  if (result.failed > 0) recordMetric('RemindersFailed', result.failed);
  return result;
}
