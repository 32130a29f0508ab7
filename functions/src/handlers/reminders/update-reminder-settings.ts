import { updateReminderSettings } from '../../domain/reminders/reminder-settings';
import { httpHandler } from '../../adapters/http-handler';
import { updateReminderSettingsRoute } from '@golf/shared/routes/reminders';

export const handler = httpHandler(updateReminderSettingsRoute, async ({ auth, body, now }) =>
  updateReminderSettings(auth, body, now),
);
