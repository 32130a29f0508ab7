import type { RouteDefinition } from '../contracts';
import {
  oneClickUnsubscribeBodySchema,
  oneClickUnsubscribeParamsSchema,
  reminderRunResultSchema,
  reminderSettingsSchema,
  reminderSettingsViewSchema,
  unsubscribeRemindersBodySchema,
  unsubscribeResponseSchema,
} from '../schemas/reminders';
import { saveReceiptSettingsSchema, saveReceiptSettingsViewSchema } from '../schemas/save-receipt';

/** Routes that change a player's reminders. */
const reminderSettingKeys = {
  read: [
    'AUDIT#',
    'LINE_OUTBOX',
    'LOGIN#',
    'OUTBOX',
    'PLAYER#',
    'REMINDER_JOB',
    'REMINDER_SENT#',
    'REVOKED#',
    'ROUNDLOCK#',
    'TEAM#',
    'TEAMSUM#',
    'TOURNAMENT#',
  ],
  write: ['REMINDER_UNSUBSCRIBE#', 'USER#'],
  index: ['REMINDER_SUBSCRIBERS', 'TOURNAMENTS'],
} as const;

export const getReminderSettingsRoute = {
  name: 'getReminderSettings',
  method: 'GET',
  path: '/api/user/reminders',
  handler: 'reminders/get-reminder-settings',
  access: 'user',
  response: reminderSettingsViewSchema,
  aws: {
    table: 'read',
    keys: {
      read: [
        'AUDIT#',
        'LINE_OUTBOX',
        'LOGIN#',
        'OUTBOX',
        'PLAYER#',
        'REMINDER_JOB',
        'REMINDER_SENT#',
        'REMINDER_UNSUBSCRIBE#',
        'REVOKED#',
        'ROUNDLOCK#',
        'TEAM#',
        'TEAMSUM#',
        'TOURNAMENT#',
        'USER#',
      ],
      index: ['REMINDER_SUBSCRIBERS', 'TOURNAMENTS'],
    },
  },
} as const satisfies RouteDefinition;

export const updateReminderSettingsRoute = {
  name: 'updateReminderSettings',
  method: 'PUT',
  path: '/api/user/reminders',
  handler: 'reminders/update-reminder-settings',
  access: 'user',
  body: reminderSettingsSchema,
  response: reminderSettingsViewSchema,
  aws: {
    table: 'write',
    keys: reminderSettingKeys,
  },
} as const satisfies RouteDefinition;

export const getSaveReceiptSettingsRoute = {
  name: 'getSaveReceiptSettings',
  method: 'GET',
  path: '/api/user/save-receipt',
  handler: 'reminders/get-save-receipt-settings',
  access: 'user',
  response: saveReceiptSettingsViewSchema,
  aws: {
    table: 'read',
    keys: {
      read: [
        'AUDIT#',
        'GAMEPOSTS#',
        'GUILD#',
        'GUILD_CHAT#',
        'LOGIN#',
        'OUTBOX',
        'RATE#',
        'RECEIPTS_DUE',
        'REVOKED#',
        'ROUNDLOCK#',
        'TEAM#',
        'TEAMSUM#',
        'TOURNAMENT#',
        'USER#',
      ],
      index: ['GUILDS#PUBLIC', 'GUILD_CODE#', 'TOURNAMENTS'],
    },
  },
} as const satisfies RouteDefinition;

export const updateSaveReceiptSettingsRoute = {
  name: 'updateSaveReceiptSettings',
  method: 'PUT',
  path: '/api/user/save-receipt',
  handler: 'reminders/update-save-receipt-settings',
  access: 'user',
  body: saveReceiptSettingsSchema,
  response: saveReceiptSettingsViewSchema,
  aws: {
    table: 'write',
    keys: {
      read: [
        'AUDIT#',
        'GAMEPOSTS#',
        'GUILD#',
        'GUILD_CHAT#',
        'LOGIN#',
        'OUTBOX',
        'RATE#',
        'RECEIPTS_DUE',
        'REVOKED#',
        'ROUNDLOCK#',
        'TEAM#',
        'TEAMSUM#',
        'TOURNAMENT#',
      ],
      write: ['USER#'],
      index: ['GUILDS#PUBLIC', 'GUILD_CODE#', 'TOURNAMENTS'],
    },
  },
} as const satisfies RouteDefinition;

export const unsubscribeRemindersRoute = {
  name: 'unsubscribeReminders',
  method: 'POST',
  path: '/api/reminders/unsubscribe',
  handler: 'reminders/unsubscribe-reminders',
  access: 'public',
  body: unsubscribeRemindersBodySchema,
  response: unsubscribeResponseSchema,
  aws: {
    table: 'write',
    keys: reminderSettingKeys,
  },
} as const satisfies RouteDefinition;

/**
 * The one-click unsubscribe of RFC 8058: the address of every reminder mail's `List-Unsubscribe`
 * header, which a mail client posts `List-Unsubscribe=One-Click` to (a form body, no cookie, no sign-in).
 */
export const unsubscribeRemindersOneClickRoute = {
  name: 'unsubscribeRemindersOneClick',
  method: 'POST',
  path: '/api/reminders/unsubscribe/{token}',
  handler: 'reminders/unsubscribe-reminders-one-click',
  access: 'public',
  params: oneClickUnsubscribeParamsSchema,
  body: oneClickUnsubscribeBodySchema,
  formBody: true,
  response: unsubscribeResponseSchema,
  aws: {
    table: 'write',
    keys: reminderSettingKeys,
  },
} as const satisfies RouteDefinition;

/**
 * The same address opened in a browser (a mail client without the one-click POST, or a scanner): a
 * redirect to the unsubscribe page, which asks for the click. It reads and changes nothing.
 */
export const openUnsubscribeLinkRoute = {
  name: 'openUnsubscribeLink',
  method: 'GET',
  path: '/api/reminders/unsubscribe/{token}',
  handler: 'reminders/open-unsubscribe-link',
  access: 'public',
  params: oneClickUnsubscribeParamsSchema,
  aws: { table: 'none' },
} as const satisfies RouteDefinition;

export const sendRemindersRoute = {
  name: 'sendReminders',
  method: 'POST',
  path: '/api/golf/ops/reminders/send',
  handler: 'reminders/send-reminders',
  access: 'operator',
  response: reminderRunResultSchema,
  aws: {
    table: 'write',
    mail: true,
    keys: {
      read: [
        'AUDIT#',
        'LOGIN#',
        'PLAYER#',
        'REMINDER_UNSUBSCRIBE#',
        'REVOKED#',
        'ROUNDLOCK#',
        'TEAM#',
        'TEAMSUM#',
        'TOURNAMENT#',
        'USER#',
      ],
      write: ['LINE_OUTBOX', 'OUTBOX', 'REMINDER_JOB', 'REMINDER_SENT#'],
      index: ['REMINDER_SUBSCRIBERS', 'TOURNAMENTS'],
    },
  },
} as const satisfies RouteDefinition;

/**
 * Deadline reminders: a player's settings, the unsubscribe (the page's button and the mails' one-click
 * POST), and the operators' run; and the
 * e-mail receipt of team saves, set next to them on my page.
 */
export const reminderRoutes = {
  getReminderSettings: getReminderSettingsRoute,
  updateReminderSettings: updateReminderSettingsRoute,
  getSaveReceiptSettings: getSaveReceiptSettingsRoute,
  updateSaveReceiptSettings: updateSaveReceiptSettingsRoute,
  unsubscribeReminders: unsubscribeRemindersRoute,
  unsubscribeRemindersOneClick: unsubscribeRemindersOneClickRoute,
  openUnsubscribeLink: openUnsubscribeLinkRoute,
  sendReminders: sendRemindersRoute,
} as const satisfies Record<string, RouteDefinition>;
