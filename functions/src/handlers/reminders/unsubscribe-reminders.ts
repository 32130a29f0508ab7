import { unsubscribeReminders } from '../../domain/reminders/reminder-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('unsubscribeReminders', async ({ body, now }) =>
  unsubscribeReminders(body.token, now),
);
