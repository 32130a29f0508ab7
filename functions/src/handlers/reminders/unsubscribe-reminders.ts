import { unsubscribeRemindersBodySchema } from '@golf/shared/schemas/reminders';
import { unsubscribeReminders } from '../../domain/reminders/reminder-service';
import { httpHandler } from '../../lib/http-handler';

export const handler = httpHandler(
  'unsubscribeReminders',
  { body: unsubscribeRemindersBodySchema },
  async ({ body, now }) => unsubscribeReminders(body.token, now),
);
