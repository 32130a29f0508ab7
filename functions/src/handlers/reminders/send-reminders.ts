import { sendDueReminders } from '../../domain/reminders/reminder-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('sendReminders', async ({ now }) => sendDueReminders(now));
