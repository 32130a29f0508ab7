/** The contact form (POST /api/contact) and the operators' export of what it received. */
import * as z from 'zod';
import { emailSchema } from './account';
import { isoInstant, masterValue, plainText } from './text';

export const CONTACT_CONTENT_MAX = 2000;

/** What an inquiry is about; the form's select and the export show the names. */
export const contactTypes = [
  { value: '1', name: 'ゲームのルール・遊び方について' },
  { value: '2', name: '会員登録・ログインについて' },
  { value: '3', name: '賞品について' },
  { value: '4', name: 'ギルドについて' },
  { value: '5', name: '不具合のご報告' },
  { value: '6', name: 'ご意見・ご要望' },
  { value: '7', name: 'その他' },
] as const;

export const contactBodySchema = z.object({
  email: emailSchema,
  contactType: masterValue(contactTypes, 'お問い合わせの種類を選択してください。'),
  contactContent: plainText(CONTACT_CONTENT_MAX, { newlines: true }),
});
export type ContactBody = z.input<typeof contactBodySchema>;

export const contactReceiptSchema = z.object({ id: z.string(), received_at: z.string() });

/** `?since=` (an instant) for the operators' exports; everything when absent. */
export const exportQuerySchema = z.object({ since: isoInstant().optional() });
export const csvExportSchema = z.object({ count: z.number().int(), csv: z.string() });
export type CsvExport = z.infer<typeof csvExportSchema>;
