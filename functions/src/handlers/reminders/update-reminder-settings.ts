import { reminderSettingsSchema } from '@golf/shared/schemas/reminders';
import { updateReminderSettings } from '../../domain/reminders/reminder-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler(
  'updateReminderSettings',
  { body: reminderSettingsSchema },
  async ({ auth, body, now }) => updateReminderSettings(auth, body, now),
);
