import { describe, expect, it } from 'vitest';
import { generateKeyPair, SignJWT } from 'jose';
import { totpCode } from '../../functions/src/adapters/identity/totp';
import { sampleOperatorTotpSecret } from '../../scripts/seed/users';
import { api } from './support/api';

const login = (email: string, password: string) =>
  api('POST', '/api/auth/token', { body: { email, password } });

describe('POST/DELETE /api/auth/token, GET /api/user/me', () => {
  it('signs the sample player in, shows the profile, and signing out makes the token unusable', async () => {
    const signedIn = await login('player@example.com', 'golf-pass-1');
    expect(signedIn.status).toBe(200);
    const body = signedIn.body as { access_token: string; expires_at: string; user: Record<string, unknown> };
    expect(body.user).toEqual({
      user_id: 'sample-user-0001',
      is_accepted_policy: true,
      status: 'complete',
      is_registed_email: true,
    });
    const me = await api('GET', '/api/user/me', { token: body.access_token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      user_id: 'sample-user-0001',
      email: 'player@example.com',
      status: 'complete',
    });
    expect(Object.keys(me.body as object).sort()).toEqual(
      [
        'user_id',
        'nickname',
        'gender',
        'age',
        'address',
        'golf_play_history',
        'email',
        'profile_img_url',
        'is_copy_next_round',
        'tutorial_flg',
        'is_registed_email',
        'is_accepted_policy',
        'status',
      ].sort(),
    );
    expect((await api('DELETE', '/api/auth/token', { token: body.access_token })).status).toBe(204);
    const after = await api('GET', '/api/user/me', { token: body.access_token });
    expect(after.status).toBe(401);
    expect(await api('DELETE', '/api/auth/token', { token: body.access_token })).toMatchObject({
      status: 401,
    });
  });

  it('signs the sample operator in with the code of its authenticator app, in the operators group', async () => {
    const password = await login('operator@example.com', 'golf-ops-1');
    expect(password.body).toEqual({ second_factor: 'totp', challenge: expect.any(String) });
    const { challenge } = password.body as { challenge: string };
    const signedIn = await api('POST', '/api/auth/token/totp', {
      body: {
        email: 'operator@example.com',
        challenge,
        code: totpCode(sampleOperatorTotpSecret, new Date()),
      },
    });
    expect(signedIn.status).toBe(200);
    const token = (signedIn.body as { access_token: string }).access_token;
    expect((await api('GET', '/api/golf/ops/tournaments', { token })).status).toBe(200);
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    expect(payload['cognito:groups']).toEqual(['operators']);
  });

  it.each([
    ['wrong password', { email: 'player@example.com', password: 'nope-nope' }],
    ['unknown e-mail', { email: 'nobody-at-all@example.com', password: 'golf-pass-1' }],
  ])('refuses a %s with the same 401', async (_name, body) => {
    const result = await api('POST', '/api/auth/token', { body });
    expect(result.status).toBe(401);
    expect(result.body).toMatchObject({
      code: 'unauthenticated',
      message: 'メールアドレスまたはパスワードが正しくありません。',
    });
  });

  it.each([
    ['missing fields', {}, ['email', 'password']],
    ['malformed e-mail', { email: 'not-an-email', password: 'x' }, ['email']],
    ['wrong type', { email: 'player@example.com', password: 12345 }, ['password']],
    [
      'too long',
      { email: `${'a'.repeat(250)}@example.com`, password: 'x'.repeat(200) },
      ['email', 'password'],
    ],
  ])('answers 422 with field errors for %s', async (_name, body, fields) => {
    const result = await api('POST', '/api/auth/token', { body });
    expect(result.status).toBe(422);
    expect(Object.keys((result.body as { errors: object }).errors).sort()).toEqual(fields);
  });

  it('refuses a token signed by another key and a missing token', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({ token_use: 'access', client_id: 'golf-web' })
      .setProtectedHeader({ alg: 'RS256', kid: 'local-1' })
      .setSubject('sample-user-0001')
      .setIssuer(process.env['AUTH_ISSUER'] ?? '')
      .setIssuedAt()
      .setExpirationTime('1h')
      .setJti('forged-1')
      .sign(privateKey);
    expect((await api('GET', '/api/user/me', { token: forged })).status).toBe(401);
    expect((await api('GET', '/api/user/me')).status).toBe(401);
  });
});
