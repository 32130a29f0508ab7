import { sendDueReminders } from '../../domain/reminders/reminder-service';
import { httpHandler } from '../../adapters/http-handler';
import { sendRemindersRoute } from '@golf/shared/routes/reminders';

export const handler = httpHandler(sendRemindersRoute, async ({ now }) => sendDueReminders(now));
