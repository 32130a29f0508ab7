import { withCopySettingChange } from '@golf/shared/game/carry-over';
import type { AuthResponse, LoginResponse, UserMeResponse } from '@golf/shared/schemas/account';
import { type UserRecord, userRepository } from '../../db/repositories/user-repository';
import { AppError, notFound } from '../../lib/errors';
import { enforceLimits } from '../../adapters/rate-limit';
import { rateLimitRepository } from '../../db/repositories/rate-limit-repository';
import { identity, type IssuedToken } from '../../adapters/identity/identity-port';
import { publicUrl } from '../../lib/uploads';
import { hostTimeMs } from '../../lib/clock';
import { OPERATOR_GROUP } from './operators';

const loginFailedMessage = 'メールアドレスまたはパスワードが正しくありません。';

export function authResponse(issued: IssuedToken, user: UserRecord): AuthResponse {
  return {
    access_token: issued.token,
    expires_at: issued.expiresAt.toISOString(),
    user: {
      user_id: user.user_id,
      is_accepted_policy: user.is_accepted_policy,
      status: user.status,
      is_registed_email: user.is_registed_email,
    },
  };
}

/**
 * Login, in 15-minute windows: 10 attempts per address from one network address and 200 per network
 * address (429 beyond), so a stranger's guesses do not lock the owner out. Past 30 attempts on one
 * address from anywhere, every further attempt waits `slowDownMs` before the password is checked:
 * guessing slows down, the owner still signs in. Changing the password (signed in) keeps 10 per player.
 */
export const loginLimits = {
  windowSeconds: 15 * 60,
  perAccount: 10,
  perAddressAndIp: 10,
  perIp: 200,
  perAddress: 30,
  slowDownMs: 1000,
} as const;

/** Per account, per network address, per window: a clear 429 with Retry-After beyond. */
export const limit = (
  action: string,
  subjects: ReadonlyArray<readonly [string, number]>,
  windowSeconds: number,
  now: Date,
) => enforceLimits(action, subjects, windowSeconds, now);

/** The login limits of a sign-in step (`login` for the password, `login-totp` for the code). */
export async function limitSignIn(action: string, email: string, sourceIp: string, now: Date) {
  const address = email.toLowerCase();
  const ip = sourceIp || 'unknown';
  await limit(
    action,
    [
      [`mail-ip:${address} ${ip}`, loginLimits.perAddressAndIp],
      [`ip:${ip}`, loginLimits.perIp],
    ],
    loginLimits.windowSeconds,
    now,
  );
}

/**
 * POST /api/auth/token. A login with a TOTP owes its code (`second_factor`); an operator without one
 * is signed in with `totp_setup_required`, a session that reaches no operator route
 * (docs/adr/0026-operators-second-factor.md).
 */
export async function signIn(
  email: string,
  password: string,
  now: Date,
  sourceIp: string,
): Promise<LoginResponse> {
  const address = email.toLowerCase();
  await limitSignIn('login', email, sourceIp, now);
  const overAddressBudget =
    (await rateLimitRepository.countAttempt(
      'login',
      `mail:${address}`,
      loginLimits.windowSeconds,
      loginLimits.perAddress,
      now,
    )) !== null;
  if (overAddressBudget) await new Promise((resolve) => setTimeout(resolve, loginLimits.slowDownMs));
  const result = await identity().signIn(email, password, now);
  const user = result ? await userRepository.getUser(result.userId) : null;
  if (!result || !user) throw new AppError(401, 'unauthenticated', loginFailedMessage);
  if ('challenge' in result) return { second_factor: 'totp', challenge: result.challenge };
  const answer = authResponse(await pastSessionCut(result, email, now), user);
  return result.groups.includes(OPERATOR_GROUP) ? { ...answer, totp_setup_required: true } : answer;
}

/**
 * A sign-in in the same second as a password reset would get a token the reset's cut refuses (tokens
 * count whole seconds): it waits for the next second and is issued again, so signing in works at once.
 */
export async function pastSessionCut(
  result: { userId: string; issued: IssuedToken },
  email: string,
  now: Date,
): Promise<IssuedToken> {
  const validFrom = await userRepository.sessionsValidFrom(result.userId);
  if (Math.floor(now.getTime() / 1000) * 1000 >= validFrom) return result.issued;
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, validFrom - hostTimeMs())));
  const login = await userRepository.getLogin(email);
  return identity().issueFor(result.userId, login?.groups ?? [], new Date(Math.max(validFrom, hostTimeMs())));
}

export const signOut = (tokenId: string, expiresAt: number) => userRepository.revokeToken(tokenId, expiresAt);

/** A new player with nothing entered yet: how they registered fills in the rest. */
export function newPlayer<T extends Partial<UserRecord>>(
  userId: string,
  now: Date,
  fields: T,
): UserRecord & T {
  const at = now.toISOString();
  return {
    user_id: userId,
    email: null,
    nickname: null,
    gender: null,
    age: null,
    address: null,
    golf_play_history: null,
    profile_img_key: null,
    is_copy_next_round: false,
    tutorial_flg: false,
    is_registed_email: false,
    is_accepted_policy: false,
    status: 'mail_verify',
    created_at: at,
    updated_at: at,
    ...fields,
  };
}

export function toMe(user: UserRecord): UserMeResponse {
  return {
    user_id: user.user_id,
    nickname: user.nickname,
    gender: user.gender,
    age: user.age,
    address: user.address,
    golf_play_history: user.golf_play_history,
    email: user.email,
    profile_img_url: user.profile_img_key ? publicUrl(user.profile_img_key) : null,
    is_copy_next_round: user.is_copy_next_round,
    tutorial_flg: user.tutorial_flg,
    is_registed_email: user.is_registed_email,
    is_accepted_policy: user.is_accepted_policy,
    status: user.status,
  };
}

export async function getMe(userId: string): Promise<UserMeResponse> {
  const user = await userRepository.getUser(userId);
  if (!user) throw notFound('ユーザーが見つかりません。');
  return toMe(user);
}

async function update(
  userId: string,
  fields: Parameters<typeof userRepository.updateUserFields>[1],
  now: Date,
) {
  const user = await userRepository.updateUserFields(userId, fields, now);
  if (!user) throw notFound('ユーザーが見つかりません。');
  return user;
}

export async function acceptPolicy(userId: string, now: Date): Promise<UserMeResponse> {
  return toMe(await update(userId, { is_accepted_policy: true }, now));
}

/** Only moves to true: the tutorial is shown once. */
export async function finishTutorial(userId: string, now: Date): Promise<{ tutorial_flg: boolean }> {
  return { tutorial_flg: (await update(userId, { tutorial_flg: true }, now)).tutorial_flg };
}

export async function toggleCopyNextRound(
  userId: string,
  now: Date,
): Promise<{ is_copy_next_round: boolean }> {
  const user = await userRepository.getUser(userId);
  if (!user) throw notFound('ユーザーが見つかりません。');
  const next = !user.is_copy_next_round;
  const changes = withCopySettingChange(user.copy_next_round_changes ?? [], {
    from: user.is_copy_next_round,
    to: next,
    at: now.toISOString(),
  });
  const updated = await update(userId, { is_copy_next_round: next, copy_next_round_changes: changes }, now);
  return { is_copy_next_round: updated.is_copy_next_round };
}
