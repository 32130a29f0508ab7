/** The one error shape every API answer uses. */
export interface ApiErrorBody {
  message: string;
  code: ErrorCode;
  errors?: Record<string, string[]>;
  /** A 409 for a row changed since the caller read it: the row as it is stored now. */
  current?: Record<string, unknown>;
}

/** Codes of the protocol itself: what any endpoint may answer. */
const genericErrorCodes = [
  'bad_request',
  'validation_failed',
  'unauthenticated',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'conflict',
  'rate_limited',
  'service_unavailable',
  'internal',
] as const;

/**
 * Refusals a screen may react to, each with one meaning: `guild_full` is not `already_in_guild`.
 * The status each one answers with is in `errorStatus`.
 */
const specificErrorCodes = [
  'deadline_passed',
  'teams_hidden_before_deadline',
  'registration_required',
  'guild_full',
  'already_in_guild',
  'already_guild_member',
  'guild_join_code_required',
  'not_guild_member',
  'not_guild_owner',
  'guild_owner_cannot_be_kicked',
  'prize_already_claimed',
  'quiz_not_open',
  'campaign_already_entered',
  'second_factor_required',
  'totp_already_enabled',
] as const;

export const errorCodes = [...genericErrorCodes, ...specificErrorCodes] as const;
export type SpecificErrorCode = (typeof specificErrorCodes)[number];
export type ErrorCode = (typeof errorCodes)[number];

export const errorStatus: Record<SpecificErrorCode, number> = {
  deadline_passed: 409,
  teams_hidden_before_deadline: 403,
  registration_required: 403,
  guild_full: 409,
  already_in_guild: 409,
  already_guild_member: 409,
  guild_join_code_required: 403,
  not_guild_member: 403,
  not_guild_owner: 403,
  guild_owner_cannot_be_kicked: 403,
  prize_already_claimed: 409,
  quiz_not_open: 409,
  campaign_already_entered: 409,
  second_factor_required: 403,
  totp_already_enabled: 409,
};

export function isSpecificErrorCode(code: string): code is SpecificErrorCode {
  return (specificErrorCodes as readonly string[]).includes(code);
}

/**
 * The Japanese text of each code: the one table the SPA shows (a specific code always reads as
 * here; a generic one as the server's message when it sent one) and the server's default message.
 */
export const errorMessages: Record<ErrorCode, string> = {
  bad_request: 'リクエストの形式が正しくありません。',
  validation_failed: '入力内容に誤りがあります。',
  unauthenticated: 'ログインが必要です。',
  forbidden: 'この操作を行う権限がありません。',
  not_found: 'お探しのページが見つかりませんでした。',
  method_not_allowed: 'この操作は利用できません。',
  conflict: 'ほかの操作と重なりました。もう一度お試しください。',
  rate_limited: 'しばらく時間を置いてから、もう一度お試しください。',
  service_unavailable: '現在アクセスが集中しています。時間を置いて、再度ご確認ください。',
  internal: 'エラーが発生しました。時間を置いて、もう一度お試しください。',
  deadline_passed: 'エントリーの締め切りを過ぎているため、チームを変更できません。',
  teams_hidden_before_deadline: '締め切り前のため、ほかのユーザーのチームは表示できません。',
  registration_required: '会員登録を完了してから、もう一度お試しください。',
  guild_full: 'このギルドは満員のため参加できません。',
  already_in_guild: 'すでに他のギルドに参加しています。',
  already_guild_member: 'すでにこのギルドに参加しています。',
  guild_join_code_required: 'このギルドには参加コードが必要です。',
  not_guild_member: 'このギルドのメンバーではありません。',
  not_guild_owner: 'ギルドを管理できるのはギルドマスターだけです。',
  guild_owner_cannot_be_kicked: 'ギルドマスターは退会させられません。',
  prize_already_claimed: 'この賞品の受け取り手続きは完了しています。',
  quiz_not_open: '現在挑戦できるクイズはありません。',
  campaign_already_entered: 'このメールアドレスでは、すでにお申し込みいただいています。',
  second_factor_required:
    '運営画面を使うには二段階認証が必要です。認証アプリを設定するか、認証アプリのコードでログインし直してください。',
  totp_already_enabled:
    '二段階認証はすでに設定されています。一度ログアウトし、認証アプリのコードでログインし直してください。',
};
