/**
 * The account e-mails: what they say and where their links lead. Every link carries a single-use
 * token that expires after 24 hours (docs/api.md, section Accounts).
 */
import { operatorName, siteName } from '@golf/shared/site';
import { config } from '../../lib/config';
import type { MailMessage } from '../../adapters/mail';

const signature = `\n\n――――――――――――――――\n${operatorName}\n※このメールは送信専用です。ご返信いただいてもお答えできません。`;
const subject = (text: string) => `【${siteName}】${text}`;
const link = (path: string, query: Record<string, string>) =>
  `${config().SITE_URL}${path}?${new URLSearchParams(query).toString()}`;
const linkNote =
  'このリンクの有効期限は24時間で、1回だけ使えます。期限が切れた場合は、お手数ですがもう一度お手続きください。\nお心当たりのない場合は、このメールを破棄してください。';

export const accountMail = {
  registerVerify: (to: string, token: string): MailMessage => ({
    to,
    subject: subject('メールアドレスの確認'),
    text: `${siteName}にご登録いただき、ありがとうございます。\n\n下のリンクを開いて、メールアドレスの確認を完了してください。\n${link('/register/verify', { token })}\n\n${linkNote}${signature}`,
  }),

  alreadyRegistered: (to: string): MailMessage => ({
    to,
    subject: subject('ご登録済みのメールアドレスです'),
    text: `このメールアドレスで新規登録のお申し込みがありましたが、すでにご登録済みです。\n\nログインはこちらから：\n${config().SITE_URL}/login\n\nパスワードをお忘れの場合は、こちらから再設定できます：\n${config().SITE_URL}/reset-password/mail\n\nお心当たりのない場合は、このメールを破棄してください。${signature}`,
  }),

  registerMail: (to: string, token: string): MailMessage => ({
    to,
    subject: subject('メールアドレスの登録'),
    text: `メールアドレスの登録のお申し込みを受け付けました。\n\n下のリンクを開いて、登録を完了してください。\n${link('/settings/mail/change', { token, registerFlg: 'true' })}\n\n${linkNote}${signature}`,
  }),

  emailChange: (to: string, token: string): MailMessage => ({
    to,
    subject: subject('メールアドレス変更の確認'),
    text: `メールアドレスの変更のお申し込みを受け付けました。\n\n下のリンクを開くと、このメールアドレスへの変更が完了します。\n${link('/settings/mail/change', { token })}\n\n${linkNote}${signature}`,
  }),

  emailInUse: (to: string): MailMessage => ({
    to,
    subject: subject('メールアドレスはすでに使われています'),
    text: `このメールアドレスへの変更・登録のお申し込みがありましたが、このメールアドレスはすでに別のアカウントで使われています。\n\nお心当たりのない場合は、このメールを破棄してください。${signature}`,
  }),

  emailChanged: (to: string, next: string): MailMessage => ({
    to,
    subject: subject('メールアドレスが変更されました'),
    text: `ご登録のメールアドレスが ${next} に変更されました。\n今後のお知らせは新しいメールアドレスにお送りします。\n\nお心当たりのない場合は、お問い合わせフォームからご連絡ください：\n${config().SITE_URL}/contact${signature}`,
  }),

  passwordReset: (to: string, token: string): MailMessage => ({
    to,
    subject: subject('パスワードの再設定'),
    text: `パスワードの再設定のお申し込みを受け付けました。\n\n下のリンクを開いて、新しいパスワードを設定してください。\n${link('/reset-password', { token })}\n\n${linkNote}${signature}`,
  }),

  passwordChanged: (to: string): MailMessage => ({
    to,
    subject: subject('パスワードが変更されました'),
    text: `ご登録のアカウントのパスワードが変更されました。\n\nお心当たりのない場合は、すぐにパスワードを再設定してください：\n${config().SITE_URL}/reset-password/mail${signature}`,
  }),

  withdrawn: (to: string): MailMessage => ({
    to,
    subject: subject('退会手続きが完了しました'),
    text: `${siteName}の退会手続きが完了しました。これまでご利用いただき、ありがとうございました。\n\nご登録の情報は削除しました。ランキングの記録は「退会したユーザー」として残ります。${signature}`,
  }),
};
