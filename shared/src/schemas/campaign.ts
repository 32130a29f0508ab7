/** The corporate campaign entry form (/campaign/gdo_2023; POST /api/campaign-entry-form/confirm, /store). */
import * as z from 'zod';
import { campaignMasterLists } from '../master/static-lists';
import { emailSchema } from './account';
import { masterValue, plainText } from './text';

export const CAMPAIGN_ID = 'gdo_2023';

const kana = (label: string) =>
  plainText(30).regex(/^[ァ-ヶー・\u3000 ]+$/, `${label}は全角カタカナで入力してください。`);

export const campaignEntrySchema = z.object({
  last_name: plainText(30),
  first_name: plainText(30),
  last_name_kana: kana('セイ'),
  first_name_kana: kana('メイ'),
  job: masterValue(campaignMasterLists.job, '職種を選択してください。'),
  company_name: plainText(100),
  department: masterValue(campaignMasterLists.department, '部署を選択してください。'),
  post: masterValue(campaignMasterLists.post, '役職を選択してください。'),
  business_phone: z
    .string()
    .trim()
    .regex(/^0\d{1,4}-?\d{1,4}-?\d{3,4}$/, '電話番号は 03-1234-5678 のように入力してください。')
    .refine((value) => value.replace(/-/g, '').length >= 10 && value.replace(/-/g, '').length <= 11, {
      message: '電話番号の桁数が正しくありません。',
    }),
  business_email: emailSchema,
  company_area: masterValue(campaignMasterLists.company_area, '所在地を選択してください。'),
  company_size: masterValue(campaignMasterLists.company_size, '従業員数を選択してください。'),
  sansan_interest: masterValue(campaignMasterLists.sansan_interest, '関心の度合いを選択してください。'),
  interest_theme: masterValue(campaignMasterLists.interest_theme, '関心のあるテーマを選択してください。'),
});
export type CampaignEntryInput = z.input<typeof campaignEntrySchema>;
export type CampaignEntry = z.infer<typeof campaignEntrySchema>;

/** The 14 fields in form order, for the form, the confirm view and the export's columns. */
export const campaignFieldNames = Object.keys(campaignEntrySchema.shape) as Array<keyof CampaignEntry>;

export const campaignReceiptSchema = z.object({ id: z.string(), received_at: z.string() });
