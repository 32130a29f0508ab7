import { getReminderSettings } from '../../domain/reminders/reminder-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler('getReminderSettings', async ({ auth }) => getReminderSettings(auth));
