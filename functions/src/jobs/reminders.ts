import { sendDueReminders, type ReminderRunResult } from '../domain/reminders/reminder-service';
import { logger } from '../lib/logger';

/** The scheduled deadline reminders (EventBridge in AWS, a timer in the local stack). */
export async function handler(): Promise<ReminderRunResult> {
  const result = await sendDueReminders(new Date());
  if (result.rounds.length) logger.info('reminders sent', { ...result });
  return result;
}
