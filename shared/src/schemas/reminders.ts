import * as z from 'zod';
import { reminderSettingsSchema } from '../game/reminders';

export { reminderSettingsSchema };

export const reminderSettingsViewSchema = reminderSettingsSchema.extend({
  line_available: z.boolean(),
  email_available: z.boolean(),
});

export const unsubscribeRemindersBodySchema = z.object({
  token: z
    .string()
    .min(16)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, '配信停止のリンクが正しくありません。'),
});

export const reminderRunResultSchema = z.object({
  rounds: z.array(
    z.object({
      game_global_id: z.string(),
      round: z.number().int(),
      hours_before: z.array(z.number().int()),
    }),
  ),
  sent: z.object({ email: z.number().int(), line: z.number().int() }),
  failed: z.number().int(),
});

/** POST /api/reminders/unsubscribe. */
export const unsubscribeResponseSchema = z.object({ unsubscribed: z.literal(true) });
