import { getReminderSettings } from '../../domain/reminders/reminder-settings';
import { httpHandler } from '../../adapters/http-handler';
import { getReminderSettingsRoute } from '@golf/shared/routes/reminders';

export const handler = httpHandler(getReminderSettingsRoute, async ({ auth }) => getReminderSettings(auth));
