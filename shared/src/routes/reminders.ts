import type { RouteDefinition } from '../contracts';
import {
  reminderRunResultSchema,
  reminderSettingsSchema,
  reminderSettingsViewSchema,
  unsubscribeRemindersBodySchema,
  unsubscribeResponseSchema,
} from '../schemas/reminders';

/** Deadline reminders: a player's settings, the one-click unsubscribe, and the operators' run. */
export const reminderRoutes = {
  getReminderSettings: {
    method: 'GET',
    path: '/api/user/reminders',
    handler: 'reminders/get-reminder-settings',
    access: 'user',
    response: reminderSettingsViewSchema,
    aws: { table: 'read' },
  },
  updateReminderSettings: {
    method: 'PUT',
    path: '/api/user/reminders',
    handler: 'reminders/update-reminder-settings',
    access: 'user',
    body: reminderSettingsSchema,
    response: reminderSettingsViewSchema,
    aws: { table: 'write' },
  },
  unsubscribeReminders: {
    method: 'POST',
    path: '/api/reminders/unsubscribe',
    handler: 'reminders/unsubscribe-reminders',
    access: 'public',
    body: unsubscribeRemindersBodySchema,
    response: unsubscribeResponseSchema,
    aws: { table: 'write' },
  },
  sendReminders: {
    method: 'POST',
    path: '/api/golf/ops/reminders/send',
    handler: 'reminders/send-reminders',
    access: 'operator',
    response: reminderRunResultSchema,
    aws: { table: 'write', mail: true },
  },
} as const satisfies Record<string, RouteDefinition>;
