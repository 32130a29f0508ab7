import type { CampaignEntry } from '@golf/shared/schemas/campaign';
import type { CampaignMasterListName } from '@/features/master/api/get-campaign-master-list';

export type CampaignForm = Record<keyof CampaignEntry, string>;

/** The form's fields in order: text inputs, and selects fed by a campaign master list. */
export const campaignFields: ReadonlyArray<
  | {
      name: keyof CampaignEntry;
      label: string;
      kind: 'text';
      type?: 'email' | 'tel';
      autoComplete?: string;
      hint?: string;
    }
  | { name: keyof CampaignEntry & CampaignMasterListName; label: string; kind: 'select' }
> = [
  { name: 'last_name', label: '姓', kind: 'text', autoComplete: 'family-name' },
  { name: 'first_name', label: '名', kind: 'text', autoComplete: 'given-name' },
  { name: 'last_name_kana', label: 'セイ', kind: 'text', hint: '全角カタカナ' },
  { name: 'first_name_kana', label: 'メイ', kind: 'text', hint: '全角カタカナ' },
  { name: 'job', label: '職業', kind: 'select' },
  { name: 'company_name', label: '会社名', kind: 'text', autoComplete: 'organization' },
  { name: 'department', label: '部署', kind: 'select' },
  { name: 'post', label: '役職', kind: 'select' },
  {
    name: 'business_phone',
    label: '会社の電話番号',
    kind: 'text',
    type: 'tel',
    autoComplete: 'tel',
    hint: '例：03-1234-5678',
  },
  {
    name: 'business_email',
    label: '会社のメールアドレス',
    kind: 'text',
    type: 'email',
    autoComplete: 'email',
  },
  { name: 'company_area', label: '会社の所在地', kind: 'select' },
  { name: 'company_size', label: '従業員数', kind: 'select' },
  { name: 'sansan_interest', label: 'Sansanへのご関心', kind: 'select' },
  { name: 'interest_theme', label: 'ご関心のあるテーマ', kind: 'select' },
];

/** The form as it starts and after a reset: '1' for post, sansan_interest and interest_theme, else empty. */
export const emptyCampaignForm = (): CampaignForm => ({
  last_name: '',
  first_name: '',
  last_name_kana: '',
  first_name_kana: '',
  job: '',
  company_name: '',
  department: '',
  post: '1',
  business_phone: '',
  business_email: '',
  company_area: '',
  company_size: '',
  sansan_interest: '1',
  interest_theme: '1',
});
