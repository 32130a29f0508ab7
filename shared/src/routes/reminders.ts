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
import { guildReads, partitions, roundViewReads, teamReads, tournamentReads } from '../route-partitions';

/** What the reminder settings read: the tournament and its teams, the reminder runs and their outboxes. */
const reminderSettingReads = partitions(['LOGIN#', 'REVOKED#'], tournamentReads, teamReads, [
  'LINE_OUTBOX',
  'OUTBOX',
  'PLAYER#',
  'REMINDER_JOB',
  'REMINDER_SENT#',
]);

/** What the save receipt settings read: the tournament and its teams, the guild post and the receipts due. */
const receiptSettingReads = partitions(['LOGIN#', 'REVOKED#'], tournamentReads, teamReads, guildReads, [
  'GAMEPOSTS#',
  'OUTBOX',
  'RATE#',
  'RECEIPTS_DUE#',
]);

/** Routes that change a player's reminders. */
const reminderSettingKeys = {
  read: reminderSettingReads,
  write: ['REMINDER_UNSUBSCRIBE#', 'USER#'],
  index: ['REMINDER_SUBSCRIBERS', 'TOURNAMENTS'],
} as const;

/** The reminder settings' view: what the settings read, the unsubscriptions and the user. */
const reminderSettingViewReads = partitions(reminderSettingReads, ['REMINDER_UNSUBSCRIBE#', 'USER#']);

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
      read: reminderSettingViewReads,
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
  aws: { table: 'write', keys: reminderSettingKeys },
} as const satisfies RouteDefinition;

/** The save receipt settings' view: what the settings read and the user. */
const receiptSettingViewReads = partitions(receiptSettingReads, ['USER#']);

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
      read: receiptSettingViewReads,
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
      read: receiptSettingReads,
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
  aws: { table: 'write', keys: reminderSettingKeys },
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
  aws: { table: 'write', keys: reminderSettingKeys },
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

/** What a reminder run reads: a round's view and the unsubscriptions. */
const reminderRunReads = partitions(roundViewReads, ['REMINDER_UNSUBSCRIBE#']);

export const sendRemindersRoute = {
  name: 'sendReminders',
  method: 'POST',
  path: '/api/golf/ops/reminders/send',
  handler: 'reminders/send-reminders',
  access: 'operator',
  response: reminderRunResultSchema,
  // It plans and queues; the senders send (in AWS the job's next run starts them). Its code can
  // still reach the sent markers and the local LINE outbox (the repository and adapter it shares
  // with the senders), so they stay named.
  aws: {
    table: 'write',
    keys: {
      read: reminderRunReads,
      write: ['LINE_OUTBOX', 'REMINDER_JOB', 'REMINDER_QUEUE', 'REMINDER_SENT#'],
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
