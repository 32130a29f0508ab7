/**
 * Operators' second factor (docs/adr/0026-operators-second-factor.md): an operator signs in with the
 * password, sets up an authenticator app at the first sign-in, and from then on every sign-in asks
 * for its code; an operator route answers only a session that passed it. Codes are computed from
 * the secret the API gives, as the app computes them (RFC 6238).
 */
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../../functions/src/adapters/identity/password';
import { totpCode } from '../../functions/src/adapters/identity/totp';
import { userRepository } from '../../functions/src/db/repositories/user-repository';
import { newPlayer } from '../../functions/src/domain/account/account-service';
import { api, tokenFor } from './support/api';

const run = Date.now().toString(36);
const password = 'ops-totp-pass-1';
const opsRoute = '/api/golf/ops/tournaments';

/** A complete player registered by e-mail, in the operators' group, without an authenticator app. */
async function newOperator(name: string): Promise<string> {
  const userId = `totp-${name}-${run}`;
  const email = `${userId}@example.com`;
  const user = newPlayer(userId, new Date(), {
    email,
    is_registed_email: true,
    is_accepted_policy: true,
    status: 'complete',
  });
  const created = await userRepository.createUserWithLogin(user, {
    email,
    user_id: userId,
    password_hash: await hashPassword(password),
    groups: ['operators'],
  });
  expect(created).toBe(true);
  return email;
}

type LoginAnswer = {
  access_token?: string;
  totp_setup_required?: boolean;
  second_factor?: string;
  challenge?: string;
};
const signIn = async (email: string) =>
  (await api<LoginAnswer>('POST', '/api/auth/token', { body: { email, password } })).body;
const answerCode = (email: string, challenge: string, code: string) =>
  api<{ access_token?: string; errors?: Record<string, string[]> }>('POST', '/api/auth/token/totp', {
    body: { email, challenge, code },
  });

/** A code that is not the secret's now, nor a step either side of it. */
function wrongCode(secret: string): string {
  const near = [-30_000, 0, 30_000].map((offset) => totpCode(secret, new Date(Date.now() + offset)));
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(6, '0');
    if (!near.includes(candidate)) return candidate;
  }
}

/** Sets up the app for a session signed in with the password only; answers the secret. */
async function setUp(token: string): Promise<string> {
  const started = await api<{ secret: string; otpauth_uri: string }>('POST', '/api/auth/totp/setup', {
    token,
  });
  expect(started.status).toBe(200);
  const verified = await api('POST', '/api/auth/totp/verify', {
    token,
    body: { code: totpCode(started.body.secret, new Date()) },
  });
  expect(verified.status).toBe(200);
  return started.body.secret;
}

describe('operators sign in with an authenticator app', () => {
  it('an operator without TOTP gets no operator route', async () => {
    const email = await newOperator('without');
    const answer = await signIn(email);
    expect(answer).toMatchObject({ totp_setup_required: true });
    const token = answer.access_token!;
    const refused = await api<{ code: string; message: string }>('GET', opsRoute, { token });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('second_factor_required');
    expect(refused.body.message).toContain('二段階認証が必要です');
    // The session is a player's as any other: only the console is closed to it.
    expect((await api('GET', '/api/user/me', { token })).status).toBe(200);
    // A player outside the group is refused as before, without a word of a second factor.
    const player = await api<{ code: string }>('GET', opsRoute, {
      token: await tokenFor(`totp-player-${run}`),
    });
    expect(player).toMatchObject({ status: 403, body: { code: 'forbidden' } });
  });

  it('sets the app up with a code of its secret; every later sign-in asks for a code, the right one accepted, a wrong or replayed one refused', async () => {
    const email = await newOperator('enrol');
    const token = (await signIn(email)).access_token!;

    const started = await api<{ secret: string; otpauth_uri: string }>('POST', '/api/auth/totp/setup', {
      token,
    });
    expect(started.status).toBe(200);
    const { secret, otpauth_uri } = started.body;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(otpauth_uri);
    expect(`${uri.protocol}//${uri.host}`).toBe('otpauth://totp');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(decodeURIComponent(uri.pathname)).toContain(email);

    const wrong = await api<{ errors: Record<string, string[]> }>('POST', '/api/auth/totp/verify', {
      token,
      body: { code: wrongCode(secret) },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors['code']?.[0]).toContain('認証コードが正しくない');
    expect((await api('GET', opsRoute, { token })).status).toBe(403);

    const enrolCode = totpCode(secret, new Date());
    expect((await api('POST', '/api/auth/totp/verify', { token, body: { code: enrolCode } })).status).toBe(
      200,
    );
    // The session that showed the password and then the code may use the console.
    expect((await api('GET', opsRoute, { token })).status).toBe(200);
    // Once set up, the app is not replaced from a session: a lost phone is reset by another operator.
    expect(await api('POST', '/api/auth/totp/setup', { token })).toMatchObject({
      status: 409,
      body: { code: 'totp_already_enabled' },
    });

    // The password alone no longer signs in: it answers a challenge for the code, and no token.
    const challenged = await signIn(email);
    expect(challenged).toEqual({ second_factor: 'totp', challenge: expect.any(String) });
    const challenge = challenged.challenge!;
    expect((await answerCode(email, challenge, wrongCode(secret))).status).toBe(422);
    // The code the setup used is used up.
    expect((await answerCode(email, challenge, enrolCode)).status).toBe(422);
    // The app's next code (one step ahead is still accepted, as a phone's clock may run ahead).
    const next = totpCode(secret, new Date(Date.now() + 30_000));
    const accepted = await answerCode(email, challenge, next);
    expect(accepted.status).toBe(200);
    const withCode = accepted.body.access_token!;
    expect((await api('GET', opsRoute, { token: withCode })).status).toBe(200);
    // Replayed, the same code signs in no one.
    const replayed = await answerCode(email, challenge, next);
    expect(replayed.status).toBe(422);
    expect(replayed.body.errors?.['code']?.[0]).toContain('すでに使われています');
    // A challenge answers for its own operator only.
    const other = await newOperator('other');
    expect((await answerCode(other, challenge, totpCode(secret, new Date()))).status).toBe(422);
  });

  it('another operator resets a lost app: the sessions end, and the next sign-in sets up a new one', async () => {
    const email = await newOperator('lost');
    const first = (await signIn(email)).access_token!;
    await setUp(first);
    expect((await api('GET', opsRoute, { token: first })).status).toBe(200);

    const reset = await api('POST', '/api/golf/ops/operators/totp/reset', {
      token: await tokenFor(`totp-resetter-${run}`, ['operators']),
      body: { email },
    });
    expect(reset).toMatchObject({ status: 200, body: { email } });
    expect((await api('GET', opsRoute, { token: first })).status).toBe(401);
    const again = await signIn(email);
    expect(again).toMatchObject({ totp_setup_required: true });
    await setUp(again.access_token!);
    expect((await api('GET', opsRoute, { token: again.access_token! })).status).toBe(200);
  });

  it('records the second factor of the local CLI’s own token only', async () => {
    const operator = await tokenFor(`totp-not-cli-${run}`, ['operators']);
    const refused = await api('POST', '/api/dev/ops-cli/session', { token: operator });
    expect(refused.status).toBe(404);
  });
});
