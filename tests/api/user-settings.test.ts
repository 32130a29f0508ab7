import { beforeEach, describe, expect, it } from 'vitest';
import { api, tokenFor } from './support/api';
import { freshLoopbackMailBudget } from './support/mail-budget';
import { userRepository } from '../../functions/src/db/repositories/user-repository';
import { loginLimits, newPlayer, signIn } from '../../functions/src/domain/account/account-service';
import { hashPassword } from '../../functions/src/adapters/identity/password';
import type { AppError } from '../../functions/src/lib/errors';

describe('user flags', () => {
  it('toggles is_copy_next_round and back, and keeps policy and tutorial true', async () => {
    const token = await tokenFor('sample-user-0299');
    const before = ((await api('GET', '/api/user/me', { token })).body as { is_copy_next_round: boolean })
      .is_copy_next_round;
    const first = await api('POST', '/api/user/is_copy_next_round', { token });
    expect(first).toMatchObject({ status: 200, body: { is_copy_next_round: !before } });
    const second = await api('POST', '/api/user/is_copy_next_round', { token });
    expect(second.body).toEqual({ is_copy_next_round: before });
    expect(await api('PATCH', '/api/user/policy', { token })).toMatchObject({
      status: 200,
      body: { is_accepted_policy: true, user_id: 'sample-user-0299' },
    });
    expect(await api('POST', '/api/user/tutorial', { token })).toMatchObject({
      status: 200,
      body: { tutorial_flg: true },
    });
  });

  it('needs a signed-in user and a user that exists', async () => {
    // The sign-up steps answer 404 for an id with no player; a player's setting asks for sign-up first.
    for (const [method, path, status] of [
      ['GET', '/api/user/me', 404],
      ['PATCH', '/api/user/policy', 404],
      ['POST', '/api/user/tutorial', 404],
      ['POST', '/api/user/is_copy_next_round', 403],
    ] as const) {
      expect((await api(method, path)).status).toBe(401);
      const token = await tokenFor('no-such-user', [], { player: false });
      expect((await api(method, path, { token })).status).toBe(status);
    }
  });
});

describe('login rate limit', () => {
  it('answers 429 with Retry-After after 10 attempts on one account', async () => {
    const email = `limited-${Date.now()}@example.com`;
    for (let i = 0; i < 10; i++) {
      expect((await api('POST', '/api/auth/token', { body: { email, password: 'wrong-pass' } })).status).toBe(
        401,
      );
    }
    const limited = await api('POST', '/api/auth/token', { body: { email, password: 'wrong-pass' } });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'rate_limited' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('limits guesses per address and network address, so a stranger cannot lock the owner out', async () => {
    const email = `owner-${Date.now()}@example.com`;
    const userId = `owner-${Date.now()}`;
    const user = newPlayer(userId, new Date(), { email, is_registed_email: true, status: 'complete' });
    await userRepository.createUserWithLogin(user, {
      email,
      user_id: userId,
      password_hash: await hashPassword('right-pass-1'),
      groups: [],
    });
    const attempt = (password: string, ip: string) =>
      signIn(email, password, new Date(), ip).then(
        () => 200,
        (error: AppError) => error.statusCode,
      );
    for (let i = 0; i < loginLimits.perAddressAndIp; i++)
      expect(await attempt('wrong-pass', '203.0.113.9')).toBe(401);
    expect(await attempt('right-pass-1', '203.0.113.9')).toBe(429);
    // The owner, elsewhere, still signs in.
    expect(await attempt('right-pass-1', '198.51.100.7')).toBe(200);
    // Guesses spread over many network addresses pass the address's own budget: slowed, never locked.
    const spread = Array.from(
      { length: loginLimits.perAddress - loginLimits.perAddressAndIp },
      (_, i) => `192.0.2.${i + 1}`,
    );
    for (const ip of spread) expect(await attempt('wrong-pass', ip)).toBe(401);
    expect(await attempt('right-pass-1', '198.51.100.8')).toBe(200);
  });
});

describe('mail budget', () => {
  beforeEach(freshLoopbackMailBudget);

  it('counts every mail to one address against one budget, whichever action sends it', async () => {
    const email = `budget-${Date.now()}@example.com`;
    const register = { email, password: 'abcdefghjk', password_confirmation: 'abcdefghjk' };
    const statuses = [
      (await api('POST', '/api/auth/register', { body: register })).status,
      (await api('POST', '/api/auth/password/reset/send', { body: { email } })).status,
      (await api('POST', '/api/auth/register', { body: register })).status,
      (await api('POST', '/api/auth/password/reset/send', { body: { email } })).status,
      (
        await api('POST', '/api/auth/settings/email', {
          token: await tokenFor(`budget-${Date.now()}`),
          body: { email },
        })
      ).status,
      (await api('POST', '/api/auth/register', { body: register })).status,
    ];
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    // A reset past the address's budget is not refused (others may have used it up), and mails nothing.
    const outbox = async () =>
      (await api<{ messages?: unknown[] }>('GET', `/api/dev/outbox?to=${encodeURIComponent(email)}`)).body
        .messages?.length ?? 0;
    const mailed = await outbox();
    expect((await api('POST', '/api/auth/password/reset/send', { body: { email } })).status).toBe(202);
    expect(await outbox()).toBe(mailed);
  });
});
