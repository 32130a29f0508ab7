import * as z from 'zod';
import { reminderHourChoices, type ReminderHours } from '../game/reminders';

export const reminderSettingsSchema = z.object({
  email: z.boolean(),
  line: z.boolean(),
  hours_before: z
    .array(
      z
        .number()
        .int()
        .refine((hours) => (reminderHourChoices as readonly number[]).includes(hours), {
          message: `リマインドの時刻は締め切りの ${reminderHourChoices.join('・')} 時間前から選んでください。`,
        })
        .transform((hours) => hours as ReminderHours),
    )
    .min(1, 'リマインドする時刻を1つ以上選んでください。')
    .max(reminderHourChoices.length)
    .refine((hours) => new Set(hours).size === hours.length, '同じ時刻が重複しています。'),
});
export type ReminderSettings = z.infer<typeof reminderSettingsSchema>;

export const reminderSettingsViewSchema = reminderSettingsSchema.extend({
  line_available: z.boolean(),
  email_available: z.boolean(),
});

const unsubscribeTokenSchema = z
  .string()
  .min(16)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, '配信停止のリンクが正しくありません。');

/** POST /api/reminders/unsubscribe: the button of the unsubscribe page. */
export const unsubscribeRemindersBodySchema = z.object({ token: unsubscribeTokenSchema });

/** POST /api/reminders/unsubscribe/{token}: the token of the mail's `List-Unsubscribe` address. */
export const oneClickUnsubscribeParamsSchema = z.object({ token: unsubscribeTokenSchema });

/**
 * The form body a mail client posts for a one-click unsubscribe (RFC 8058), exactly
 * `List-Unsubscribe=One-Click`.
 */
export const oneClickUnsubscribeBodySchema = z.object({
  'List-Unsubscribe': z.literal('One-Click', { error: 'List-Unsubscribe=One-Click を送信してください。' }),
});

export const reminderRunResultSchema = z.object({
  rounds: z.array(
    z.object({
      game_global_id: z.string(),
      round: z.number().int(),
      hours_before: z.array(z.number().int()),
    }),
  ),
  /** Batches the run queued for the senders. */
  batches: z.number().int(),
  /** Sent by the senders the run waited for (the local stack's); 0 where they run apart (AWS). */
  sent: z.object({ email: z.number().int(), line: z.number().int() }),
  failed: z.number().int(),
  /** LINE multicast calls of those senders. */
  line_calls: z.number().int(),
});

/** POST /api/reminders/unsubscribe and its one-click form. */
export const unsubscribeResponseSchema = z.object({ unsubscribed: z.literal(true) });
