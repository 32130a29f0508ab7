import { createHash, randomBytes } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { socialProviderInfo, socialProviders, type SocialProvider } from '../../shared/src/schemas/social';
import { isSignedInByApi } from '../../shared/src/schemas/values/social';
import { resetConfig } from '../../functions/src/lib/config';
import { authResponseSchema } from '../../shared/src/schemas/account';
import { reminderSettingsViewSchema } from '../../shared/src/schemas/reminders';
import { signInWithProvider, socialAuthorizeUrl } from '../../functions/src/domain/account/social-service';
import { reminderRepository } from '../../functions/src/db/repositories/reminder-repository';
import { linkToken, multipart, profile } from './support/accounts';
import { api, baseUrl } from './support/api';
import { freshLoopbackMailBudget } from './support/mail-budget';

/** The providers signed in through the user pool's hosted pages; LINE's and X's own: auth-line, auth-x. */
const hostedProviders = socialProviders.filter((provider) => !isSignedInByApi(provider));

const verifierOf = () => randomBytes(48).toString('base64url');
const challengeOf = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
const callback = (provider: string) => `${baseUrl}/login/${provider}/callback`;

async function authorizeUrl(provider: string, state: string, verifier: string) {
  const query = new URLSearchParams({
    redirect_uri: callback(provider),
    state,
    code_challenge: challengeOf(verifier),
  });
  return api<{ authorize_url: string }>('GET', `/api/auth/social/${provider}/authorize?${query}`);
}

/** Plays the browser at the provider stand-in: opens its page, then allows as `subject`. */
async function codeFor(provider: SocialProvider, subject: string, verifier: string) {
  const state = randomBytes(24).toString('base64url');
  const { body } = await authorizeUrl(provider, state, verifier);
  const page = await fetch(body.authorize_url);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain(`${socialProviderInfo[provider].label} でログイン`);
  const form = new URLSearchParams(new URL(body.authorize_url).searchParams);
  form.set('subject', subject);
  form.set('decision', 'allow');
  const allowed = await fetch(body.authorize_url, { method: 'POST', body: form, redirect: 'manual' });
  expect(allowed.status).toBe(302);
  const location = new URL(allowed.headers.get('location')!);
  expect(location.origin + location.pathname).toBe(callback(provider));
  expect(location.searchParams.get('state')).toBe(state);
  return location.searchParams.get('code')!;
}

const exchange = (provider: string, body: Record<string, unknown>) =>
  api<{ access_token: string; expires_at: string; user: Record<string, unknown> }>(
    'POST',
    `/api/auth/social/${provider}/token`,
    { body },
  );

// The loopback address's mail budget is the whole suite's (support/mail-budget.ts).
beforeEach(freshLoopbackMailBudget);

describe('GET /api/auth/social/{provider}/authorize', () => {
  it.each(hostedProviders)('gives the hosted sign-in URL for %s with state and PKCE', async (provider) => {
    const verifier = verifierOf();
    const result = await authorizeUrl(provider, 'state-value-0123456789', verifier);
    expect(result.status).toBe(200);
    const url = new URL(result.body.authorize_url);
    expect(url.pathname).toBe('/api/dev/auth/oauth2/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      identity_provider: socialProviderInfo[provider].cognitoName,
      client_id: 'golf-web',
      response_type: 'code',
      scope: 'openid email profile',
      redirect_uri: callback(provider),
      state: 'state-value-0123456789',
      code_challenge: challengeOf(verifier),
      code_challenge_method: 'S256',
    });
  });

  it('refuses an unknown provider, a foreign redirect URI and missing or malformed values', async () => {
    const verifier = verifierOf();
    expect((await authorizeUrl('facebook', 'state-value-0123456789', verifier)).status).toBe(422);
    const foreign = new URLSearchParams({
      redirect_uri: 'https://evil.example/login/google/callback',
      state: 'state-value-0123456789',
      code_challenge: challengeOf(verifier),
    });
    const refused = await api<{ errors: Record<string, string[]> }>(
      'GET',
      `/api/auth/social/google/authorize?${foreign}`,
    );
    expect(refused.status).toBe(422);
    expect(refused.body.errors['redirect_uri']).toBeDefined();
    const missing = await api<{ errors: Record<string, string[]> }>(
      'GET',
      '/api/auth/social/google/authorize',
    );
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors).sort()).toEqual(['code_challenge', 'redirect_uri', 'state']);
    const malformed = new URLSearchParams({
      redirect_uri: callback('google'),
      state: 'short',
      code_challenge: 'not/base64url',
    });
    expect((await api('GET', `/api/auth/social/google/authorize?${malformed}`)).status).toBe(422);
  });
});

describe('POST /api/auth/social/{provider}/token', () => {
  it.each(hostedProviders)(
    'a first %s sign-in creates a player with no registered e-mail; the next finds the same one',
    async (provider) => {
      const subject = `api-${provider}-${Date.now()}`;
      const verifier = verifierOf();
      const code = await codeFor(provider, subject, verifier);
      const first = await exchange(provider, {
        code,
        code_verifier: verifier,
        redirect_uri: callback(provider),
      });
      expect(first.status).toBe(200);
      expect(first.body.user).toMatchObject({
        is_registed_email: false,
        is_accepted_policy: false,
        status: 'mail_verify',
      });
      const me = await api<Record<string, unknown>>('GET', '/api/user/me', {
        token: first.body.access_token,
      });
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ email: null, is_registed_email: false });

      const again = verifierOf();
      const second = await exchange(provider, {
        code: await codeFor(provider, subject, again),
        code_verifier: again,
        redirect_uri: callback(provider),
      });
      expect(second.status).toBe(200);
      expect(second.body.user['user_id']).toBe(first.body.user['user_id']);
    },
  );

  it('refuses a replayed code, a wrong verifier, a forged code and another provider', async () => {
    const verifier = verifierOf();
    const code = await codeFor('google', `api-replay-${Date.now()}`, verifier);
    const body = { code, code_verifier: verifier, redirect_uri: callback('google') };
    expect((await exchange('google', body)).status).toBe(200);
    const replayed = await exchange('google', body);
    expect(replayed.status).toBe(401);
    expect(replayed.body).toMatchObject({ code: 'unauthenticated' });

    const other = verifierOf();
    const stolen = await codeFor('apple', `api-pkce-${Date.now()}`, other);
    expect(
      (
        await exchange('apple', {
          code: stolen,
          code_verifier: verifierOf(),
          redirect_uri: callback('apple'),
        })
      ).status,
    ).toBe(401);

    const forged = randomBytes(24).toString('base64url');
    expect(
      (await exchange('apple', { code: forged, code_verifier: verifier, redirect_uri: callback('apple') }))
        .status,
    ).toBe(401);

    const appleVerifier = verifierOf();
    const appleCode = await codeFor('apple', `api-cross-${Date.now()}`, appleVerifier);
    // An Apple code presented as Google: the redirect URI does not match the code's, nor the provider.
    expect(
      (
        await exchange('google', {
          code: appleCode,
          code_verifier: appleVerifier,
          redirect_uri: callback('google'),
        })
      ).status,
    ).toBe(401);
  });

  it('answers bad input with field errors', async () => {
    const missing = await api<{ errors: Record<string, string[]> }>('POST', '/api/auth/social/google/token', {
      body: {},
    });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors).sort()).toEqual(['code', 'code_verifier', 'redirect_uri']);
    const wrongType = await exchange('google', { code: 12, code_verifier: true, redirect_uri: 'x' });
    expect(wrongType.status).toBe(422);
    const tooLong = await exchange('google', {
      code: 'a'.repeat(513),
      code_verifier: verifierOf(),
      redirect_uri: callback('google'),
    });
    expect(tooLong.status).toBe(422);
    const foreign = await exchange('google', {
      code: 'abcdefghij',
      code_verifier: verifierOf(),
      redirect_uri: 'https://evil.example/login/google/callback',
    });
    expect(foreign.status).toBe(422);
    expect((await exchange('myspace', { code: 'abcdefghij' })).status).toBe(422);
  });
});

describe('a LINE sign-up', () => {
  it('LINE reminders can be chosen right after signing up with LINE', async () => {
    const subject = `Usignup${Date.now()}`;
    const verifier = verifierOf();
    const signedIn = await exchange('line', {
      code: await codeFor('line', subject, verifier),
      code_verifier: verifier,
      redirect_uri: callback('line'),
    });
    expect(signedIn.status).toBe(200);
    // The sign-up's e-mail step: its link signs the player in again, with a session of its own.
    const email = `line-signup-${Date.now()}@example.com`;
    const started = await api('POST', '/api/auth/register/mail', {
      token: signedIn.body.access_token,
      body: { email },
    });
    expect(started.status).toBe(202);
    const registered = await api('POST', '/api/auth/settings/email/change', {
      body: { token: await linkToken(email, '/settings/mail/change'), registerFlg: true },
    });
    expect(registered.status).toBe(200);
    const token = authResponseSchema.parse(registered.body).access_token;
    expect((await api('PATCH', '/api/user/policy', { token })).status).toBe(200);
    expect((await multipart('/api/user', token, profile)).status).toBe(200);

    const settings = await api('GET', '/api/user/reminders', { token });
    expect(settings.status).toBe(200);
    expect(reminderSettingsViewSchema.parse(settings.body).line_available).toBe(true);
    const chosen = await api('PUT', '/api/user/reminders', {
      token,
      body: { email: false, line: true, hours_before: [2] },
    });
    expect(chosen.status).toBe(200);
    const userId = String(signedIn.body.user['user_id']);
    expect((await reminderRepository.get(userId))?.line_user_id).toBe(subject);
  });
});

describe('social providers the deployment does not enable', () => {
  it('are refused before the hosted sign-in is asked, with a field error on the provider', async () => {
    const before = process.env['SOCIAL_PROVIDERS'];
    process.env['SOCIAL_PROVIDERS'] = 'google';
    resetConfig();
    try {
      const verifier = verifierOf();
      const query = {
        redirect_uri: callback('twitter'),
        state: 'state-value-0123456789',
        code_challenge: challengeOf(verifier),
      };
      expect(() => socialAuthorizeUrl('twitter', query)).toThrowError(
        expect.objectContaining({ statusCode: 422, errors: { provider: [expect.any(String)] } }),
      );
      await expect(
        signInWithProvider(
          'line',
          { code: 'abcdefghij', code_verifier: verifier, redirect_uri: callback('line') },
          new Date(),
        ),
      ).rejects.toMatchObject({ statusCode: 422 });
      expect(
        new URL(
          socialAuthorizeUrl('google', { ...query, redirect_uri: callback('google') }),
        ).searchParams.get('identity_provider'),
      ).toBe('Google');
    } finally {
      if (before === undefined) delete process.env['SOCIAL_PROVIDERS'];
      else process.env['SOCIAL_PROVIDERS'] = before;
      resetConfig();
    }
  });
});
