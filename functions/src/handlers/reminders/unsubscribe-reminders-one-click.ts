import { unsubscribeReminders } from '../../domain/reminders/reminder-settings';
import { httpHandler } from '../../adapters/http-handler';
import { unsubscribeRemindersOneClickRoute } from '@golf/shared/routes/reminders';

export const handler = httpHandler(unsubscribeRemindersOneClickRoute, async ({ params, now }) =>
  unsubscribeReminders(params.token, now),
);
