import { unsubscribeReminders } from '../../domain/reminders/reminder-settings';
import { httpHandler } from '../../adapters/http-handler';
import { unsubscribeRemindersRoute } from '@golf/shared/routes/reminders';

export const handler = httpHandler(unsubscribeRemindersRoute, async ({ body, now }) =>
  unsubscribeReminders(body.token, now),
);
