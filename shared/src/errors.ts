/** The one error shape every API answer uses. */
export interface ApiErrorBody {
  message: string;
  code: ErrorCode;
  errors?: Record<string, string[]>;
}

export const errorCodes = [
  'bad_request',
  'validation_failed',
  'unauthenticated',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'conflict',
  'deadline_passed',
  'rate_limited',
  'service_unavailable',
  'internal',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/** Japanese text the UI shows for each code when the server sent nothing more specific. */
export const errorMessages: Record<ErrorCode, string> = {
  bad_request: 'リクエストの形式が正しくありません。',
  validation_failed: '入力内容に誤りがあります。',
  unauthenticated: 'ログインが必要です。',
  forbidden: 'この操作を行う権限がありません。',
  not_found: 'お探しのページが見つかりませんでした。',
  method_not_allowed: 'この操作は利用できません。',
  conflict: 'ほかの操作と重なりました。もう一度お試しください。',
  deadline_passed: 'エントリーの締め切りを過ぎています。',
  rate_limited: 'しばらく時間を置いてから、もう一度お試しください。',
  service_unavailable: '現在アクセスが集中しています。時間を置いて、再度ご確認ください。',
  internal: '現在データを更新中です。約1～2時間を予定しております。',
};
