import { updateReminderSettings } from '../../domain/reminders/reminder-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('updateReminderSettings', async ({ auth, body, now }) =>
  updateReminderSettings(auth, body, now),
);
