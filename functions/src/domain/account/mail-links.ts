/**
 * What a mailed link answers when it cannot be used, whether it is used or only checked on opening
 * (so the page refuses it before a form is filled in). Apart from mail-flows.ts, so a read-only check
 * reaches nothing that mails or writes.
 */
import type { ResetLinkCheckResponse } from '@golf/shared/schemas/account';
import type { MailTokenRecord } from '../../db/repositories/one-time-token-repository';
import { mailTokenRepository } from '../../db/repositories/mail-token-repository';
import { AppError } from '../../lib/errors';

export const invalidLinkMessage =
  'このリンクは無効か、すでに使用されています。お手数ですが、もう一度お手続きください。';
export const expiredLinkMessage =
  'このリンクの有効期限（24時間）が切れています。お手数ですが、もう一度お手続きください。';

export const linkError = (message: string) => new AppError(400, 'bad_request', message, { token: [message] });

/** A reset link's record, or the 400 of a link that cannot be used. */
export function usableResetLink(record: MailTokenRecord | 'expired' | null): MailTokenRecord {
  if (!record) throw linkError(invalidLinkMessage);
  if (record === 'expired') throw linkError(expiredLinkMessage);
  return record;
}

/** POST /api/auth/password/reset/check: the 400 the reset would answer, or when the link expires. */
export async function checkResetLink(token: string, now: Date): Promise<ResetLinkCheckResponse> {
  const record = usableResetLink(await mailTokenRepository.readResetLink(token, now));
  return { expires_at: record.expires_at };
}
