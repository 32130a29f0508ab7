import { describe, expect, it } from 'vitest';
import { api, tokenFor } from './support/api';

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
});
