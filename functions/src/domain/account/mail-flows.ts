/**
 * The account flows that go through a mailed link: e-mail registration, a social player's e-mail
 * registration, e-mail change and password reset; and the password change that mails a notice.
 * Links carry 32 random bytes; only their SHA-256 is stored, with a 24-hour expiry, and a link is
 * taken out of the table when used, so it works once; a password reset also ends the player's other
 * reset links. Registration and reset answer the same
 * whether or not an address is known; every mail-sending call is rate limited.
 */
import { refuseCommonPassword } from './password-rules';
import type {
  AuthResponse,
  EmailChangeBody,
  MailSentResponse,
  PasswordChangeBody,
  PasswordResetBody,
  RegisterBody,
  UserEmailResponse,
} from '@golf/shared/schemas/account';
import { mailTokenRepository } from '../../db/repositories/mail-token-repository';
import type { MailTokenPurpose, MailTokenRecord } from '../../db/repositories/one-time-token-repository';
import { rateLimitRepository } from '../../db/repositories/rate-limit-repository';
import { type UserRecord, userRepository } from '../../db/repositories/user-repository';
import { conflict, notFound, validationFailed } from '../../lib/errors';
import { identity } from '../../adapters/identity/identity-port';
import { sendMail } from '../../adapters/mail';
import { accountMail } from './account-mail';
import { expiredLinkMessage, invalidLinkMessage, linkError, usableResetLink } from './mail-links';
import { authResponse, limit, loginLimits, newPlayer } from './account-service';

const MAIL_LINK_HOURS = 24;

/** Per address and per network address, an hour: links cannot be used to flood a mailbox. */
export const mailLimits = { windowSeconds: 3600, perAddress: 5, perIp: 30 } as const;

const mailSentMessage =
  'メールを送信しました。メールに記載のリンクから、24時間以内に手続きを完了してください。';

const issueLink = (
  purpose: MailTokenPurpose,
  fields: Pick<MailTokenRecord, 'email' | 'user_id' | 'password_hash'>,
  now: Date,
) => mailTokenRepository.issueOneTimeToken({ purpose, ...fields }, MAIL_LINK_HOURS * 3600_000, now);

/** The link's record, used up; a clear 400 when it is unknown, used or expired. */
async function redeem(token: string, purpose: MailTokenPurpose, now: Date): Promise<MailTokenRecord> {
  const record = await mailTokenRepository.takeOneTimeToken(token, purpose);
  if (!record) throw linkError(invalidLinkMessage);
  if (Date.parse(record.expires_at) <= now.getTime()) throw linkError(expiredLinkMessage);
  return record;
}

/**
 * One mail budget per address (and per network address), whichever action sends the mail. Past
 * either budget the request is refused (429), unless `pastAddressBudget` is `'sendNothing'`: then
 * only the network address's budget refuses, and past the address's the caller answers as usual and
 * mails nothing. Answers whether the caller may send.
 */
async function limitMail(
  email: string,
  sourceIp: string,
  now: Date,
  pastAddressBudget: 'refuse' | 'sendNothing' = 'refuse',
): Promise<boolean> {
  const address = [`mail:${email.toLowerCase()}`, mailLimits.perAddress] as const;
  const network = [`ip:${sourceIp || 'unknown'}`, mailLimits.perIp] as const;
  if (pastAddressBudget === 'refuse') {
    await limit('mail', [address, network], mailLimits.windowSeconds, now);
    return true;
  }
  await limit('mail', [network], mailLimits.windowSeconds, now);
  const [subject, max] = address;
  return (
    (await rateLimitRepository.countAttempt('mail', subject, mailLimits.windowSeconds, max, now)) === null
  );
}

const sent = (): MailSentResponse => ({ message: mailSentMessage });

async function requireUser(userId: string): Promise<UserRecord> {
  const user = await userRepository.getUser(userId);
  if (!user) throw notFound('ユーザーが見つかりません。');
  return user;
}

// ---- e-mail registration ----

/** POST /api/auth/register: a verification link to a new address; a notice to a known one. */
export async function startRegistration(body: RegisterBody, sourceIp: string, now: Date) {
  // Before the address is looked at (the answer is the same whether or not it is known), and before
  // the mail budgets: a password refused sends no mail, so it spends none of them.
  await refuseCommonPassword(body.password);
  await limitMail(body.email, sourceIp, now);
  if (await userRepository.getLogin(body.email)) {
    await sendMail(accountMail.alreadyRegistered(body.email), now);
    return sent();
  }
  const staged = await identity().stageRegistration(body.email, body.password, now);
  const token = await issueLink(
    'register',
    { email: body.email, user_id: staged.userId, password_hash: staged.passwordHash },
    now,
  );
  await sendMail(accountMail.registerVerify(body.email, token), now);
  return sent();
}

/** GET /api/auth/register/verify/{token}: creates the player and signs them in. */
export async function verifyRegistration(token: string, now: Date): Promise<AuthResponse> {
  const record = await redeem(token, 'register', now);
  if (!record.user_id) throw linkError(invalidLinkMessage);
  const user = newPlayer(record.user_id, now, {
    email: record.email,
    is_registed_email: true,
    status: 'required_not_enter',
  });
  if (!(await identity().createPlayer(user, record.password_hash)))
    throw conflict('このメールアドレスはすでに登録されています。ログインしてください。');
  return authResponse(await identity().issueFor(user.user_id, [], now), user);
}

// ---- e-mail address: a social player's registration, and changes ----

/** GET /api/user/email */
export async function userEmail(userId: string): Promise<UserEmailResponse> {
  const user = await requireUser(userId);
  const login = user.email ? await userRepository.getLogin(user.email) : null;
  return { email: user.email, has_password: Boolean(login?.password_hash) };
}

async function sendAddressLink(
  purpose: 'register_mail' | 'email_change',
  user: UserRecord,
  email: string,
  sourceIp: string,
  now: Date,
) {
  await limitMail(email, sourceIp, now);
  await limit('mail-user', [[user.user_id, mailLimits.perAddress]], mailLimits.windowSeconds, now);
  const taken = await userRepository.getLogin(email);
  if (taken && taken.user_id !== user.user_id) {
    await sendMail(accountMail.emailInUse(email), now);
    return sent();
  }
  const token = await issueLink(purpose, { email, user_id: user.user_id, password_hash: null }, now);
  await sendMail(
    purpose === 'register_mail'
      ? accountMail.registerMail(email, token)
      : accountMail.emailChange(email, token),
    now,
  );
  return sent();
}

/** POST /api/auth/register/mail: a player who signed up with a provider registers an address. */
export async function startEmailRegistration(userId: string, email: string, sourceIp: string, now: Date) {
  const user = await requireUser(userId);
  if (user.is_registed_email) throw conflict('メールアドレスはすでに登録されています。');
  return sendAddressLink('register_mail', user, email, sourceIp, now);
}

/** POST /api/auth/settings/email: a link to the new address; the change happens when it is opened. */
export async function startEmailChange(userId: string, email: string, sourceIp: string, now: Date) {
  const user = await requireUser(userId);
  if (!user.is_registed_email) throw conflict('先にメールアドレスを登録してください。');
  if (user.email?.toLowerCase() === email.toLowerCase())
    throw validationFailed({ email: ['現在のメールアドレスと同じです。'] });
  return sendAddressLink('email_change', user, email, sourceIp, now);
}

/**
 * POST /api/auth/settings/email/change: the link was opened. With `registerFlg` it completes a
 * social sign-up's e-mail registration and answers with auth data; otherwise it is a plain change
 * (the old address gets a notice). The link alone authorises it: it may be opened signed out.
 */
export async function completeEmailChange(
  body: EmailChangeBody,
  now: Date,
): Promise<AuthResponse | { email: string }> {
  const record = await redeem(body.token, body.registerFlg ? 'register_mail' : 'email_change', now);
  const user = await userRepository.getUser(record.user_id!);
  if (!user) throw linkError(invalidLinkMessage);
  if (!(await identity().changeEmail(user, record.email, now)))
    throw conflict('このメールアドレスはすでに別のアカウントで使われています。');
  if (!body.registerFlg) {
    if (user.email) await sendMail(accountMail.emailChanged(user.email, record.email), now);
    return { email: record.email };
  }
  const updated = (await userRepository.getUser(user.user_id))!;
  const login = await userRepository.getLogin(record.email);
  return authResponse(await identity().issueFor(user.user_id, login?.groups ?? [], now), updated);
}

// ---- passwords ----

/**
 * POST /api/auth/password/reset/send: a reset link, mailed only to a known address. The requesting
 * network address has its own budget (429 beyond it). The address's budget counts the links mailed
 * to it, whoever asked for them; once others have used it up, the answer stays the same and no mail
 * goes, since every link already mailed there works for 24 hours (until one of them resets the
 * password). So nobody can get the owner refused, or fill the owner's mailbox.
 */
export async function startPasswordReset(email: string, sourceIp: string, now: Date) {
  const maySend = await limitMail(email, sourceIp, now, 'sendNothing');
  const login = maySend ? await userRepository.getLogin(email) : null;
  if (login) {
    const token = await issueLink(
      'password_reset',
      { email, user_id: login.user_id, password_hash: null },
      now,
    );
    await sendMail(accountMail.passwordReset(email, token), now);
  }
  return sent();
}

/**
 * POST /api/auth/password/reset: the link's new password; every session of the player ends, and so
 * does every other reset link mailed to them (taken in the same write as this one).
 */
export async function resetPassword(body: PasswordResetBody, now: Date) {
  // Before the link is taken: it still works for a better password.
  await refuseCommonPassword(body.password);
  const record = usableResetLink(await mailTokenRepository.takeResetLink(body.token, now));
  const login = await userRepository.getLogin(record.email);
  if (
    !login ||
    login.user_id !== record.user_id ||
    !(await identity().setPassword(record.email, body.password))
  )
    throw linkError(invalidLinkMessage);
  // Whoever knew the old password is signed out everywhere.
  await userRepository.cutSessions(login.user_id, now, null);
  await sendMail(accountMail.passwordChanged(record.email), now);
  return { message: 'パスワードを再設定しました。新しいパスワードでログインしてください。' };
}

/** POST /api/auth/settings/password: the current password, then the new one; other sessions end. */
export async function changePassword(
  session: { userId: string; tokenId: string },
  body: PasswordChangeBody,
  sourceIp: string,
  now: Date,
) {
  const { userId } = session;
  const user = await requireUser(userId);
  if (!user.email) throw conflict('メールアドレスが登録されていません。');
  await limit(
    'password-change',
    [
      [`user:${userId}`, loginLimits.perAccount],
      [`ip:${sourceIp || 'unknown'}`, loginLimits.perIp],
    ],
    loginLimits.windowSeconds,
    now,
  );
  await refuseCommonPassword(body.password);
  const check = await identity().checkPassword(user.email, body.current_password);
  if (!check.hasPassword)
    throw conflict('パスワードが設定されていません。パスワードの再設定から設定できます。');
  if (!check.ok) throw validationFailed({ current_password: ['現在のパスワードが正しくありません。'] });
  await identity().setPassword(user.email, body.password);
  // The player's other sessions end; this one goes on.
  await userRepository.cutSessions(userId, now, session.tokenId || null);
  await sendMail(accountMail.passwordChanged(user.email), now);
  return { message: 'パスワードを変更しました。' };
}
