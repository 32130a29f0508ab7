import * as z from 'zod';

/**
 * What each field is called on the screens, by its key in the request. A message names the field
 * ("パスワードは10文字以上で入力してください。"), so a 422 read alone, a form and the operator CLI say
 * the same thing. A key not listed here is "この項目".
 */
const fieldLabels: Record<string, string> = {
  email: 'メールアドレス',
  email_confirmation: '確認用メールアドレス',
  password: 'パスワード',
  password_confirmation: '確認用パスワード',
  current_password: '現在のパスワード',
  nickname: 'ニックネーム',
  name: '名前',
  comment: 'コメント',
  message: 'メッセージ',
  code: '参加コード',
  reason: '理由',
  contactType: 'お問い合わせの種類',
  contactContent: 'お問い合わせ内容',
  first_name: '名',
  last_name: '姓',
  first_name_kana: 'メイ',
  last_name_kana: 'セイ',
  job: '職種',
  company_name: '会社名',
  department: '部署',
  post: '役職',
  business_phone: '会社の電話番号',
  business_email: '会社のメールアドレス',
  company_area: '会社の所在地',
  company_size: '従業員数',
  sansan_interest: 'Sansanへの関心',
  interest_theme: '関心のあるテーマ',
  game_global_id: '大会ID',
  tournament_name: '大会名',
  venue: '会場',
  round: 'ラウンド',
  deadline_at: '締め切り',
  deadlines: '締め切り',
  player_id: '選手ID',
  player_ids: '選手',
  to_par: 'スコア',
  strokes: '打数',
  thru: '終えたホール数',
  birdies: 'バーディー数',
  eagles: 'イーグル数',
  bogeys: 'ボギー数',
  status: '状態',
  season_id: 'シーズン',
  start_on: '初日',
  end_on: '最終日',
  published: '公開',
  cut_after_round: '予選カットのラウンド',
  cut_top: '予選通過の人数',
  name_kana: 'カナ',
  country: '国',
  world_rank: '世界ランク',
  is_amateur: 'アマチュア',
  seed: '抽選のシード',
  page: 'ページ',
  rank: '順位',
  title: 'タイトル',
  body: '本文',
};

type Issue = z.core.$ZodRawIssue;

/** The field a path ends in, in words (「この項目」 when unnamed). */
export function labelOf(path: readonly PropertyKey[] | undefined): string {
  const key = [...(path ?? [])].reverse().find((part): part is string => typeof part === 'string');
  return (key && fieldLabels[key]) || 'この項目';
}

const isEmpty = (input: unknown) => input === undefined || input === null || input === '';

const formatNames: Record<string, string> = {
  email: '正しいメールアドレスの形式',
  url: 'URLの形式',
  datetime: '日時の形式（例: 2026-12-03T08:30:00+09:00）',
  date: '日付の形式（例: 2026-12-03）',
  uuid: 'IDの形式',
};

/** One plain Japanese sentence per issue: what the field needs, never the schema's type names. */
function japaneseIssueMessage(issue: Issue): string {
  const label = labelOf(issue.path);
  switch (issue.code) {
    case 'invalid_type':
      if (isEmpty(issue.input)) return `${label}を入力してください。`;
      if (issue.expected === 'int' && typeof issue.input === 'number' && Number.isFinite(issue.input))
        return `${label}は整数で入力してください。`;
      if (issue.expected === 'number' || issue.expected === 'int' || issue.expected === 'bigint')
        return `${label}は数字で入力してください。`;
      if (issue.expected === 'string') return `${label}は文字で入力してください。`;
      if (issue.expected === 'boolean') return `${label}は true か false で指定してください。`;
      if (issue.expected === 'date') return `${label}は日付で入力してください。`;
      return `${label}の形式が正しくありません。`;
    case 'too_small': {
      const min = Number(issue.minimum) + (issue.inclusive === false ? 1 : 0);
      if (issue.origin === 'string')
        return min <= 1 ? `${label}を入力してください。` : `${label}は${min}文字以上で入力してください。`;
      if (issue.origin === 'array' || issue.origin === 'set') return `${label}は${min}件以上にしてください。`;
      return `${label}は${min}以上で入力してください。`;
    }
    case 'too_big': {
      const max = Number(issue.maximum) - (issue.inclusive === false ? 1 : 0);
      if (issue.origin === 'string') return `${label}は${max}文字以内で入力してください。`;
      if (issue.origin === 'array' || issue.origin === 'set') return `${label}は${max}件までです。`;
      if (issue.origin === 'file') return `${label}は${max}バイト以下にしてください。`;
      return `${label}は${max}以下で入力してください。`;
    }
    case 'invalid_format': {
      const format = formatNames[issue.format];
      return format ? `${label}は${format}で入力してください。` : `${label}の形式が正しくありません。`;
    }
    case 'invalid_value':
      return isEmpty(issue.input) ? `${label}を選択してください。` : `${label}は選択肢から選んでください。`;
    case 'not_multiple_of':
      return `${label}は${String(issue.divisor)}の倍数で入力してください。`;
    case 'unrecognized_keys':
      return `受け付けていない項目があります: ${issue.keys.join('、')}。`;
    default:
      return `${label}の入力内容を確認してください。`;
  }
}

/**
 * A request's key that its schema does not name (a misspelt field): the API's field errors name the
 * key itself with this message, rather than its object with the one above.
 */
export const unknownFieldMessage = 'この項目は受け付けていません。';

/** Field errors are shown to players as they come: Japanese messages on both sides. */
export function useJapaneseZodMessages(): void {
  z.config({ localeError: japaneseIssueMessage });
}
