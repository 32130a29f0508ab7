import { beforeEach, describe, expect, it } from 'vitest';
import {
  authResponseSchema,
  commonPasswordMessage,
  userMeResponseSchema,
} from '../../shared/src/schemas/account';
import { newSocialUser } from '../../functions/src/domain/account/social-service';
import { mailLimits, startPasswordReset } from '../../functions/src/domain/account/mail-flows';
import { mailTokenRepository } from '../../functions/src/db/repositories/mail-token-repository';
import { hashToken } from '../../functions/src/lib/token-hash';
import { reminderRepository } from '../../functions/src/db/repositories/reminder-repository';
import { userRepository } from '../../functions/src/db/repositories/user-repository';
import { signLocalAccessToken } from '../../functions/src/lib/local-issuer';
import { realPng } from './support/images';
import { linkToken, mailsTo, multipart, profile } from './support/accounts';
import { api, tokenFor } from './support/api';
import { freshLoopbackMailBudget } from './support/mail-budget';

type ErrorBody = { message: string; code: string; errors?: Record<string, string[]> };

const run = Date.now().toString(36);
let counter = 0;
const newAddress = (name: string) => `acct-${name}-${run}-${++counter}@example.com`;

const login = (email: string, password: string) =>
  api('POST', '/api/auth/token', { body: { email, password } });

/** A session the player signed in to a minute ago, on another device. */
const earlierSession = async (userId: string) =>
  (await signLocalAccessToken({ sub: userId }, 24 * 3600, new Date(Date.now() - 60_000))).token;

const meStatus = async (token: string) => (await api('GET', '/api/user/me', { token })).status;

/** A player registered by e-mail through the real calls; answers the verify call's auth. */
async function registered(name: string, password = 'first-pass-1') {
  const email = newAddress(name);
  expect(
    (await api('POST', '/api/auth/register', { body: { email, password, password_confirmation: password } }))
      .status,
  ).toBe(202);
  const verified = await api(
    'GET',
    `/api/auth/register/verify/${await linkToken(email, '/register/verify')}`,
  );
  expect(verified.status).toBe(200);
  return { email, password, auth: authResponseSchema.parse(verified.body) };
}

// The loopback address's mail budget is the whole suite's (support/mail-budget.ts).
beforeEach(freshLoopbackMailBudget);

describe('e-mail registration', () => {
  it('mails a single-use link; opening it creates the player at the policy step and signs them in', async () => {
    const { email, password, auth } = await registered('new');
    expect(auth.user).toMatchObject({
      status: 'required_not_enter',
      is_registed_email: true,
      is_accepted_policy: false,
    });
    const [mail] = await mailsTo(email);
    expect(mail!.subject).toBe('【ゴルフドリームチーム】メールアドレスの確認');
    expect(mail!.text).toContain('24時間');
    // The link works once.
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    const again = await api<ErrorBody>('GET', `/api/auth/register/verify/${token}`);
    expect(again.status).toBe(400);
    expect(again.body.errors?.['token']?.[0]).toContain('すでに使用されています');
    // The chosen password signs in; the password is stored only as a hash.
    expect((await login(email, password)).status).toBe(200);
    expect((await userRepository.getLogin(email))?.password_hash).toMatch(/^scrypt\$/);
  });

  it('answers the same for a known address, and mails its owner instead of a link', async () => {
    const { email } = await registered('known');
    const first = await api('POST', '/api/auth/register', {
      body: { email, password: 'another-pass', password_confirmation: 'another-pass' },
    });
    const fresh = await api('POST', '/api/auth/register', {
      body: { email: newAddress('fresh'), password: 'another-pass', password_confirmation: 'another-pass' },
    });
    expect(first.status).toBe(202);
    expect(first.body).toEqual(fresh.body);
    const [notice] = await mailsTo(email);
    expect(notice!.subject).toBe('【ゴルフドリームチーム】ご登録済みのメールアドレスです');
    expect(notice!.text).not.toContain('token=');
  });

  it('refuses bad input with field errors and sends nothing', async () => {
    const email = newAddress('bad');
    for (const [body, field] of [
      [{ password: 'abcdefghjk', password_confirmation: 'abcdefghjk' }, 'email'],
      [{ email: 'not-an-address', password: 'abcdefghjk', password_confirmation: 'abcdefghjk' }, 'email'],
      [
        {
          email: `${'a'.repeat(250)}@example.com`,
          password: 'abcdefghjk',
          password_confirmation: 'abcdefghjk',
        },
        'email',
      ],
      [{ email, password: 'short', password_confirmation: 'short' }, 'password'],
      [{ email, password: 12345678, password_confirmation: 12345678 }, 'password'],
      [{ email, password: 'abcdefghjk', password_confirmation: 'abcdefghjX' }, 'password_confirmation'],
    ] as const) {
      const result = await api<ErrorBody>('POST', '/api/auth/register', { body });
      expect(result.status, JSON.stringify(body)).toBe(422);
      expect(result.body.errors).toHaveProperty(field);
    }
    const short = await api<ErrorBody>('POST', '/api/auth/register', {
      body: { email, password: 'short', password_confirmation: 'short' },
    });
    expect(short.body.errors?.['password']).toEqual(['パスワードは10文字以上で入力してください。']);
    expect(await mailsTo(email)).toEqual([]);
  });

  it('tells a forged, malformed or expired link apart from a good one', async () => {
    const forged = await api<ErrorBody>('GET', `/api/auth/register/verify/${'A'.repeat(43)}`);
    expect(forged.status).toBe(400);
    expect((await api('GET', '/api/auth/register/verify/short!')).status).toBe(422);
    const token = `expired-${run}-${'x'.repeat(20)}`;
    await mailTokenRepository.putMailToken(hashToken(token), {
      purpose: 'register',
      email: newAddress('expired'),
      user_id: null,
      password_hash: 'scrypt$1024$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAA',
      created_at: new Date(Date.now() - 25 * 3600_000).toISOString(),
      expires_at: new Date(Date.now() - 3600_000).toISOString(),
    });
    const expired = await api<ErrorBody>('GET', `/api/auth/register/verify/${token}`);
    expect(expired.status).toBe(400);
    expect(expired.body.message).toContain('有効期限');
  });

  it('limits mails to one address with a 429 and Retry-After', async () => {
    const email = newAddress('flood');
    const body = { email, password: 'abcdefghjk', password_confirmation: 'abcdefghjk' };
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await api('POST', '/api/auth/register', { body })).status);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    const limited = await api('POST', '/api/auth/register', { body });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('profile: registration step and edits', () => {
  it('takes the profile after the policy, completes registration, then edits it with a picture', async () => {
    const { auth } = await registered('profile');
    const token = auth.access_token;
    const invalid = await multipart('/api/user/confirm', token, { ...profile, nickname: '', gender: '9' });
    expect(invalid.status).toBe(422);
    expect(Object.keys(invalid.body['errors'] as object).sort()).toEqual(['gender', 'nickname']);
    for (const nickname of ['あ'.repeat(21), '\u200b\u200c\u200d', '\u202eルフゴ'])
      expect((await multipart('/api/user/confirm', token, { ...profile, nickname })).status, nickname).toBe(
        422,
      );
    expect((await multipart('/api/user', token, profile)).status).toBe(409); // policy not accepted yet
    expect((await api('PATCH', '/api/user/policy', { token })).status).toBe(200);
    const confirm = await multipart('/api/user/confirm', token, profile);
    expect(confirm.status).toBe(200);
    expect(confirm.body).toMatchObject({
      nickname: '新人ゴルファー',
      gender: 1,
      address: 13,
      profile_img_url: null,
    });
    expect((await userRepository.getUser(auth.user.user_id))?.nickname).toBeNull(); // confirm stores nothing
    const done = await multipart('/api/user', token, profile);
    expect(done.status).toBe(200);
    expect(userMeResponseSchema.parse(done.body)).toMatchObject({
      status: 'complete',
      nickname: '新人ゴルファー',
    });
    expect((await multipart('/api/user', token, profile)).status).toBe(409);

    const notImage = await multipart('/api/user/profile', token, profile, Buffer.from('hello, not an image'));
    expect(notImage.status).toBe(422);
    expect(notImage.body['errors']).toHaveProperty('profile_img');
    const edited = await multipart(
      '/api/user/profile',
      token,
      { ...profile, nickname: '改名ゴルファー' },
      await realPng(),
    );
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ nickname: '改名ゴルファー' });
    expect(String(edited.body['profile_img_url'])).toMatch(/uploads\/attached\/profile\//);
    const removed = await multipart('/api/user/profile', token, { ...profile, profile_img_type: '1' });
    expect(removed.body['profile_img_url']).toBeNull();
    expect(
      (await multipart('/api/user/profile', await tokenFor(`nobody-${run}`, [], { player: false }), profile))
        .status,
    ).toBe(404);
  });
});

describe('password reset and change', () => {
  it("finding 3: others' reset requests for an address never get its owner refused, nor mail it past its budget", async () => {
    const { email } = await registered('reset-budget');
    const now = new Date();
    const resetMails = async () =>
      (await mailsTo(email)).filter((mail) => mail.text.includes('/reset-password?token=')).length;
    // Someone else asks for the owner's address from many network addresses.
    const answers = [];
    for (let n = 0; n < 2 * mailLimits.perAddress; n++)
      answers.push(await startPasswordReset(email, `198.51.100.${n + 1}`, now));
    const mailed = await resetMails();
    expect(mailed).toBeGreaterThan(0);
    expect(mailed).toBeLessThan(mailLimits.perAddress);
    // The owner is answered as anyone is, no mail is added, and the links already mailed work.
    const owner = await startPasswordReset(email, '203.0.113.9', now);
    expect(new Set([...answers, owner].map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(await resetMails()).toBe(mailed);
    const token = await linkToken(email, '/reset-password');
    const reset = await api('POST', '/api/auth/password/reset', {
      body: { token, password: 'owner-pass-1', password_confirmation: 'owner-pass-1' },
    });
    expect(reset.status).toBe(200);
    expect((await login(email, 'owner-pass-1')).status).toBe(200);
  });

  it('resets by a mailed link without telling whether an address exists', async () => {
    const { email } = await registered('reset');
    const unknown = await api('POST', '/api/auth/password/reset/send', {
      body: { email: newAddress('nobody') },
    });
    const known = await api('POST', '/api/auth/password/reset/send', { body: { email } });
    expect([unknown.status, known.status]).toEqual([202, 202]);
    expect(unknown.body).toEqual(known.body);
    const token = await linkToken(email, '/reset-password');
    const other = await earlierSession((await userRepository.getLogin(email))!.user_id);
    expect(await meStatus(other)).toBe(200);
    const mismatch = await api<ErrorBody>('POST', '/api/auth/password/reset', {
      body: { token, password: 'new-pass-123', password_confirmation: 'other-pass-123' },
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors).toHaveProperty('password_confirmation');
    // A sign-in of the same second as the reset: tokens count whole seconds, the cut must still hold.
    await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000)));
    const sameSecond = (await signLocalAccessToken({ sub: (await userRepository.getLogin(email))!.user_id }))
      .token;
    const reset = await api('POST', '/api/auth/password/reset', {
      body: { token, password: 'new-pass-123', password_confirmation: 'new-pass-123' },
    });
    expect(reset.status).toBe(200);
    // Every session from before the reset ends; a new sign-in works at once.
    expect(await meStatus(other)).toBe(401);
    expect(await meStatus(sameSecond)).toBe(401);
    expect((await login(email, 'first-pass-1')).status).toBe(401);
    const fresh = await login(email, 'new-pass-123');
    expect(fresh.status).toBe(200);
    expect(await meStatus(authResponseSchema.parse(fresh.body).access_token)).toBe(200);
    const reused = await api('POST', '/api/auth/password/reset', {
      body: { token, password: 'third-pass-123', password_confirmation: 'third-pass-123' },
    });
    expect(reused.status).toBe(400);
    expect((await login(email, 'third-pass-123')).status).toBe(401);
  });

  it('a password reset ends every other reset link', async () => {
    const { email } = await registered('reset-others');
    // Mailed from an address of its own, so that the links leave the suite's budget of mails from
    // 127.0.0.1 (mailLimits.perIp) to the tests that send through the API.
    const resetLink = async () => {
      await startPasswordReset(email, '192.0.2.44', new Date());
      return linkToken(email, '/reset-password');
    };
    const reset = (token: string, password: string) =>
      api<ErrorBody>('POST', '/api/auth/password/reset', {
        body: { token, password, password_confirmation: password },
      });
    // Two links mailed (the address's budget: the registration's mail and four reset links).
    const first = await resetLink();
    const second = await resetLink();
    expect((await reset(second, 'second-pass-1')).status).toBe(200);
    const stale = await reset(first, 'stale-pass-1');
    expect(stale.status).toBe(400);
    expect(stale.body.errors).toHaveProperty('token');
    expect((await login(email, 'stale-pass-1')).status).toBe(401);
    expect((await login(email, 'second-pass-1')).status).toBe(200);

    // Links mailed after it work; of two used at once, one resets and the other is ended by it.
    const [a, b] = [await resetLink(), await resetLink()];
    const both = await Promise.all([reset(a, 'racing-pass-a'), reset(b, 'racing-pass-b')]);
    expect(both.map((answer) => answer.status).sort()).toEqual([200, 400]);
    const [won, lost] = both[0]!.status === 200 ? ['a', 'b'] : ['b', 'a'];
    expect((await login(email, `racing-pass-${won}`)).status).toBe(200);
    expect((await login(email, `racing-pass-${lost}`)).status).toBe(401);
  });

  it('checks a reset link on opening without using it: unknown, used, ended and expired ones refused', async () => {
    const { email } = await registered('reset-check');
    const check = (token: unknown) =>
      api<ErrorBody & { expires_at?: string }>('POST', '/api/auth/password/reset/check', { body: { token } });
    await startPasswordReset(email, '192.0.2.45', new Date());
    const first = await linkToken(email, '/reset-password');
    const good = await check(first);
    expect(good.status).toBe(200);
    expect(Date.parse(good.body.expires_at!)).toBeGreaterThan(Date.now() + 23 * 3600_000);
    // Checked twice, still good: the check uses nothing up.
    expect((await check(first)).status).toBe(200);

    // The wrong way: no token, a malformed one, another field, a token never mailed.
    expect((await api('POST', '/api/auth/password/reset/check', { body: {} })).status).toBe(422);
    expect((await check('short!')).status).toBe(422);
    expect(
      (await api('POST', '/api/auth/password/reset/check', { body: { token: first, password: 'x' } })).status,
    ).toBe(422);
    const forged = await check('A'.repeat(43));
    expect(forged.status).toBe(400);
    expect(forged.body.errors?.['token']?.[0]).toContain('無効か、すでに使用されています');
    // A registration link is not a reset link.
    const registering = newAddress('not-reset');
    const registration = await api('POST', '/api/auth/register', {
      body: { email: registering, password: 'abcdefghjk', password_confirmation: 'abcdefghjk' },
    });
    expect(registration.status).toBe(202);
    expect((await check(await linkToken(registering, '/register/verify'))).status).toBe(400);

    // A later link's reset ends this one; the used link is refused too.
    await startPasswordReset(email, '192.0.2.45', new Date());
    const second = await linkToken(email, '/reset-password');
    expect(
      (
        await api('POST', '/api/auth/password/reset', {
          body: { token: second, password: 'checked-pass-1', password_confirmation: 'checked-pass-1' },
        })
      ).status,
    ).toBe(200);
    expect((await check(second)).status).toBe(400);
    expect((await check(first)).body.errors?.['token']?.[0]).toContain('無効か、すでに使用されています');

    // An expired link says so.
    const expired = `expired-reset-${run}-${'x'.repeat(20)}`;
    await mailTokenRepository.putMailToken(hashToken(expired), {
      purpose: 'password_reset',
      email,
      user_id: (await userRepository.getLogin(email))!.user_id,
      password_hash: null,
      reset_generation: 1,
      created_at: new Date(Date.now() - 25 * 3600_000).toISOString(),
      expires_at: new Date(Date.now() - 3600_000).toISOString(),
    });
    const late = await check(expired);
    expect(late.status).toBe(400);
    expect(late.body.errors?.['token']?.[0]).toContain('有効期限');
  });

  it('changes the password only with the current one, and signs the other sessions out', async () => {
    const { email, auth } = await registered('change');
    const token = auth.access_token;
    const other = await earlierSession((await userRepository.getLogin(email))!.user_id);
    const body = {
      current_password: 'wrong-pass',
      password: 'changed-pass-1',
      password_confirmation: 'changed-pass-1',
    };
    const wrong = await api<ErrorBody>('POST', '/api/auth/settings/password', { token, body });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toHaveProperty('current_password');
    expect((await api('POST', '/api/auth/settings/password', { body })).status).toBe(401);
    const ok = await api('POST', '/api/auth/settings/password', {
      token,
      body: { ...body, current_password: 'first-pass-1' },
    });
    expect(ok.status).toBe(200);
    expect([await meStatus(token), await meStatus(other)]).toEqual([200, 401]);
    expect((await login(email, 'changed-pass-1')).status).toBe(200);
    expect((await mailsTo(email))[0]!.subject).toBe('【ゴルフドリームチーム】パスワードが変更されました');
  });
});

describe('new passwords', () => {
  it('a common password is refused on sign-up, reset and change', async () => {
    const common = ['password12', 'Password123', 'qwertyuiop', '1234567890'];
    const refusedAsCommon = (result: { status: number; body: ErrorBody }) => {
      expect(result.status).toBe(422);
      expect(result.body.errors?.['password']).toEqual([commonPasswordMessage]);
    };
    // Sign-up: refused before anything is mailed.
    const newcomer = newAddress('common');
    for (const password of common)
      refusedAsCommon(
        await api<ErrorBody>('POST', '/api/auth/register', {
          body: { email: newcomer, password, password_confirmation: password },
        }),
      );
    expect(await mailsTo(newcomer)).toEqual([]);

    // Reset: refused, and the link still works for a better password.
    const { email, auth } = await registered('common-reset');
    expect((await api('POST', '/api/auth/password/reset/send', { body: { email } })).status).toBe(202);
    const token = await linkToken(email, '/reset-password');
    refusedAsCommon(
      await api<ErrorBody>('POST', '/api/auth/password/reset', {
        body: { token, password: 'qwertyuiop', password_confirmation: 'qwertyuiop' },
      }),
    );
    expect((await login(email, 'qwertyuiop')).status).toBe(401);
    const reset = await api('POST', '/api/auth/password/reset', {
      body: { token, password: 'reset-pass-123', password_confirmation: 'reset-pass-123' },
    });
    expect(reset.status).toBe(200);

    // Change: refused with the right current password; the old one still signs in.
    const signedIn = authResponseSchema.parse((await login(email, 'reset-pass-123')).body);
    refusedAsCommon(
      await api<ErrorBody>('POST', '/api/auth/settings/password', {
        token: signedIn.access_token,
        body: {
          current_password: 'reset-pass-123',
          password: 'password12',
          password_confirmation: 'password12',
        },
      }),
    );
    expect((await login(email, 'reset-pass-123')).status).toBe(200);
    expect(auth.user.user_id).toBe(signedIn.user.user_id);
  });
});

describe('e-mail change and a social player’s e-mail registration', () => {
  it('changes the address when the link mailed to the new one is opened', async () => {
    const { email, auth } = await registered('move');
    const token = auth.access_token;
    expect((await api('GET', '/api/user/email', { token })).body).toEqual({ email, has_password: true });
    const same = await api<ErrorBody>('POST', '/api/auth/settings/email', { token, body: { email } });
    expect(same.status).toBe(422);
    const next = newAddress('moved');
    expect((await api('POST', '/api/auth/settings/email', { token, body: { email: next } })).status).toBe(
      202,
    );
    const link = await linkToken(next, '/settings/mail/change');
    // A link for a plain change does not complete a registration (and stays usable).
    expect(
      (await api('POST', '/api/auth/settings/email/change', { body: { token: link, registerFlg: true } }))
        .status,
    ).toBe(400);
    const changed = await api('POST', '/api/auth/settings/email/change', {
      body: { token: link, registerFlg: false },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ email: next });
    expect((await login(email, 'first-pass-1')).status).toBe(401);
    expect((await login(next, 'first-pass-1')).status).toBe(200);
    expect((await mailsTo(email))[0]!.subject).toBe('【ゴルフドリームチーム】メールアドレスが変更されました');
    expect((await api('GET', '/api/user/email', { token })).body).toMatchObject({ email: next });
  });

  it('registers a social player’s address with registerFlg and answers auth data', async () => {
    const userId = `social-${run}`;
    // A player who signed in with a provider for the first time.
    await userRepository.createUserIfAbsent(newSocialUser(userId, new Date()));
    const token = await tokenFor(userId);
    const email = newAddress('social');
    expect((await api('POST', '/api/auth/register/mail', { token, body: { email: 'broken' } })).status).toBe(
      422,
    );
    expect((await api('POST', '/api/auth/register/mail', { token, body: { email } })).status).toBe(202);
    const link = await linkToken(email, '/settings/mail/change');
    expect((await mailsTo(email))[0]!.text).toContain('registerFlg=true');
    const done = await api('POST', '/api/auth/settings/email/change', {
      body: { token: link, registerFlg: 'true' },
    });
    expect(done.status).toBe(200);
    const auth = authResponseSchema.parse(done.body);
    expect(auth.user).toMatchObject({
      user_id: userId,
      is_registed_email: true,
      status: 'required_not_enter',
    });
    expect((await api('POST', '/api/auth/register/mail', { token, body: { email } })).status).toBe(409);
    expect((await api('GET', '/api/user/email', { token })).body).toEqual({ email, has_password: false });
  });
});

describe('withdrawal', () => {
  it('deletes the login and profile, signs the token out and cannot be replayed', async () => {
    const { email, password, auth } = await registered('leave');
    const token = auth.access_token;
    await api('PATCH', '/api/user/policy', { token });
    await multipart('/api/user', token, profile);
    await api('PUT', '/api/user/reminders', {
      token,
      body: { email: true, line: false, hours_before: [24] },
    });
    const unsubscribe = (await reminderRepository.get(auth.user.user_id))!.unsubscribe_token;
    const unconfirmed = await api<ErrorBody>('POST', '/api/user/withdrawal', { token, body: {} });
    expect(unconfirmed.status).toBe(422);
    expect(unconfirmed.body.errors).toHaveProperty('agree');
    const done = await api('POST', '/api/user/withdrawal', {
      token,
      body: { agree: true, reason: 'テスト' },
    });
    expect(done.status).toBe(200);
    expect((await api('POST', '/api/user/withdrawal', { token, body: { agree: true } })).status).toBe(401);
    expect((await api('GET', '/api/user/me', { token })).status).toBe(401);
    expect((await login(email, password)).status).toBe(401);
    expect(await userRepository.getUser(auth.user.user_id)).toBeNull();
    expect(await userRepository.getLogin(email)).toBeNull();
    // No reminder is sent to a withdrawn player, and the link in an old one leads nowhere.
    expect(await reminderRepository.get(auth.user.user_id)).toBeUndefined();
    expect(await reminderRepository.userOfToken(unsubscribe)).toBeUndefined();
    expect((await api('POST', '/api/reminders/unsubscribe', { body: { token: unsubscribe } })).status).toBe(
      404,
    );
    // Another session's token of the same player is refused everywhere.
    const other = await tokenFor(auth.user.user_id);
    expect((await api('GET', '/api/user/me', { token: other })).status).toBe(401);
    expect((await multipart('/api/user/profile', other, profile)).status).toBe(401);
    expect((await api('GET', '/api/golf/quiz', { token: other })).status).toBe(401);
  });
});
