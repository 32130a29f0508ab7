import * as z from 'zod';

/** The opt-in e-mail receipt of every team save (my page, next to the deadline reminders). */
export const saveReceiptSettingsSchema = z.object({ email: z.boolean() });
export type SaveReceiptSettings = z.infer<typeof saveReceiptSettingsSchema>;

export const saveReceiptSettingsViewSchema = saveReceiptSettingsSchema.extend({
  /** An e-mail address is registered, so the receipt can reach the player. */
  email_available: z.boolean(),
});
export type SaveReceiptSettingsView = z.infer<typeof saveReceiptSettingsViewSchema>;
