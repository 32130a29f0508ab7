/**
 * Operators' second factor (docs/adr/0026-operators-second-factor.md): a TOTP set up at their first
 * sign-in to the console and asked at every sign-in after it. A session whose sign-in took a code
 * (or that set the TOTP up, password and code in hand) is recorded; the operator routes' guard
 * (adapters/http-handler.ts) refuses any other.
 */
import type { AuthResponse, TotpSetupResponse } from '@golf/shared/schemas/account';
import { identity, type TotpEnrolment } from '../../adapters/identity/identity-port';
import { otpauthUri } from '../../adapters/identity/totp';
import { userRepository } from '../../db/repositories/user-repository';
import type { AuthContext } from '../../lib/auth';
import { conflict, forbidden, notFound, refusal, validationFailed } from '../../lib/errors';
import { authResponse, limit, limitSignIn, loginLimits, pastSessionCut } from './account-service';
import { OPERATOR_GROUP } from './operators';

const wrongCodeMessage =
  '認証コードが正しくないか、すでに使われています。認証アプリに表示されている新しいコードを入力してください。';

/** Records that the session passed the second factor, for as long as its token lives. */
const recordSecondFactor = (userId: string, tokenId: string, expiresAt: number) =>
  userRepository.recordSecondFactor(userId, tokenId, expiresAt);

/**
 * POST /api/auth/token/totp: the code owed after the password. A wrong or used code, or a challenge
 * over (3 minutes), is a 422 on `code`; guessing is held by the sign-in's limits.
 */
export async function answerTotpChallenge(
  body: { email: string; challenge: string; code: string },
  now: Date,
  sourceIp: string,
): Promise<AuthResponse> {
  await limitSignIn('login-totp', body.email, sourceIp, now);
  const result = await identity().answerTotp(body.email, body.challenge, body.code, now);
  const user = result ? await userRepository.getUser(result.userId) : null;
  if (!result || !user) throw validationFailed({ code: [wrongCodeMessage] });
  const issued = await pastSessionCut(result, body.email, now);
  await recordSecondFactor(result.userId, issued.tokenId, Math.floor(issued.expiresAt.getTime() / 1000));
  return authResponse(issued, user);
}

/** The signed-in operator's e-mail login, which the TOTP is set up on. */
async function enrolmentOf(auth: AuthContext, accessToken: string): Promise<TotpEnrolment> {
  if (!auth.groups.includes(OPERATOR_GROUP)) throw forbidden('二段階認証は運営者のアカウントで設定します。');
  const user = await userRepository.getUser(auth.userId);
  const login = user?.email ? await userRepository.getLogin(user.email) : null;
  if (!login?.password_hash || login.user_id !== auth.userId)
    throw conflict('メールアドレスとパスワードでログインしてから設定してください。');
  return { userId: auth.userId, email: login.email, accessToken };
}

/** POST /api/auth/totp/setup: a secret for the operator's authenticator app. */
export async function startTotpSetup(
  auth: AuthContext,
  accessToken: string,
  now: Date,
): Promise<TotpSetupResponse> {
  const enrolment = await enrolmentOf(auth, accessToken);
  const started = await identity().startTotp(enrolment, now);
  if (started === 'enabled') throw refusal('totp_already_enabled');
  return { secret: started.secret, otpauth_uri: otpauthUri(started.secret, enrolment.email) };
}

/**
 * POST /api/auth/totp/verify: a code of the new secret. From now on every sign-in asks for a code,
 * and this session, which has shown the password and the code, may use the console.
 */
export async function verifyTotpSetup(auth: AuthContext, accessToken: string, code: string, now: Date) {
  const enrolment = await enrolmentOf(auth, accessToken);
  await limit(
    'totp-setup',
    [[`user:${auth.userId}`, loginLimits.perAccount]],
    loginLimits.windowSeconds,
    now,
  );
  if (!(await identity().confirmTotp(enrolment, code, now)))
    throw validationFailed({ code: [wrongCodeMessage] });
  await recordSecondFactor(auth.userId, auth.tokenId, auth.expiresAt);
  return { message: '二段階認証を設定しました。次回からはログインのときに認証アプリのコードも入力します。' };
}

/**
 * POST /api/golf/ops/operators/totp/reset (and `npm run ops -- reset-operator-mfa`): an operator's
 * TOTP removed after a lost phone. Every session of theirs ends; their next sign-in sets up a new one.
 */
export async function resetOperatorTotp(
  email: string,
  now: Date,
): Promise<{ user_id: string; email: string }> {
  const login = await userRepository.getLogin(email);
  if (!login?.password_hash || !(await identity().removeTotp({ userId: login.user_id, email: login.email })))
    throw notFound('このメールアドレスでログインするプレイヤーはいません。');
  await userRepository.cutSessions(login.user_id, now, null);
  return { user_id: login.user_id, email: login.email };
}

/** The subject of the token the CLI signs itself on the local stack (never a player's id). */
export const LOCAL_CLI_SUBJECT = 'ops-cli';

/**
 * POST /api/dev/ops-cli/session (the local stack only): the CLI's own token, which only the holder
 * of the stack's signing key can make, passes as a session with its second factor.
 */
export async function recordLocalCliSession(auth: AuthContext | null) {
  if (auth?.userId !== LOCAL_CLI_SUBJECT || !auth.groups.includes(OPERATOR_GROUP))
    throw notFound('CLIの運営者トークンではありません。');
  await recordSecondFactor(auth.userId, auth.tokenId, auth.expiresAt);
  return { message: 'ok' };
}
