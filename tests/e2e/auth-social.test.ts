import { describe, expect, inject, it } from 'vitest';
import { resetConfig } from '../../functions/src/lib/config';
import { closeChecked, reusedPage, useBrowser, waitForPath } from './support/browser';

for (const [name, value] of Object.entries(inject('stackEnv'))) process.env[name] = value;
resetConfig();

const browser = useBrowser();

// The buttons each deployment's settings show are checked in frontend/test/screens/accounts.test.tsx.
// Google and Apple sign in through the user pool's hosted page (its stand-in); LINE and X at their
// own pages (their stand-ins), whose codes the API exchanges itself (accounts.test.ts signs an X
// player up to completion).
const hostedPage = '/api/dev/auth/oauth2/authorize';
const providers = [
  ['google', 'Google', hostedPage],
  ['line', 'LINE', '/api/dev/line/oauth2/v2.1/authorize'],
  ['apple', 'Apple', hostedPage],
] as const;

describe('social sign-in through the local provider stand-ins', () => {
  it.each(providers)(
    'signs in with %s: a new player goes on to /register/mail',
    async (provider, label, at) => {
      const session = await reusedPage(browser());
      const { page } = session;
      await page.goto('/login?to=%2Fmypage');
      await page.getByRole('button', { name: `${label}でログイン` }).click();
      await page.waitForURL((url) => url.pathname === at);
      await page.getByRole('heading', { name: `${label} でログイン` }).waitFor();
      await page.getByLabel(`${label} のアカウントID`).fill(`e2e-${provider}-${Date.now()}`);
      await page.getByRole('button', { name: '許可する' }).click();
      // The callback exchanges the code, stores the token and goes on to ?to=; the guard sends a
      // player without a registered e-mail to /register/mail.
      await waitForPath(page, '/register/mail');
      const cookie = (await session.context.cookies()).find((c) => c.name === 'token');
      expect(cookie?.sameSite).toBe('Lax');
      await closeChecked(session);
    },
  );

  it('signs in with X at its consent page, and again later as the same player', async () => {
    const session = await reusedPage(browser());
    const { page } = session;
    const xUserId = String(Date.now());
    /** The player the token cookie is for (the local issuer's `sub`). */
    const signedInAs = async () => {
      const token = (await session.context.cookies()).find((c) => c.name === 'token')!.value;
      return (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;
    };
    const signInWithX = async () => {
      await page.goto('/login?to=%2Fmypage');
      await page.getByRole('button', { name: 'Xでログイン' }).click();
      await page.waitForURL((url) => url.pathname === '/api/dev/x/i/oauth2/authorize');
      await page.getByRole('heading', { name: 'X でログイン' }).waitFor();
      await page.getByLabel('X のユーザーID (数字)').fill(xUserId);
      await page.getByRole('button', { name: 'アプリにアクセスを許可' }).click();
      await waitForPath(page, '/register/mail');
      return signedInAs();
    };
    const first = await signInWithX();
    await page.goto('/logout');
    await waitForPath(page, '/');
    expect(await signInWithX()).toBe(first);
    await closeChecked(session);
  });

  it('refuses a callback with a forged state, and a replayed one', async () => {
    const session = await reusedPage(browser());
    const { page } = session;
    await page.goto('/login');
    await page.getByRole('button', { name: 'Googleでログイン' }).click();
    await page.waitForURL((url) => url.pathname === '/api/dev/auth/oauth2/authorize');
    const authorize = new URL(page.url());
    const state = authorize.searchParams.get('state')!;

    // Forged: a state this browser never issued, with a made-up code.
    await page.goto('/login/google/callback?code=forged-code-123&state=forged-state-value-0123');
    await page.getByTestId('social-callback-error').waitFor();
    expect(await page.getByRole('alert').innerText()).toContain('ログインの確認に失敗しました');

    // The real attempt completes once...
    await page.goto(authorize.toString());
    await page.getByLabel('Google のアカウントID').fill(`e2e-replay-${Date.now()}`);
    await page.getByRole('button', { name: '許可する' }).click();
    await waitForPath(page, '/register/mail');
    // ...and its callback URL does not work a second time.
    const callback = `/login/google/callback?code=used-code-value&state=${state}`;
    await page.goto('/logout');
    await waitForPath(page, '/');
    await page.goto(callback);
    await page.getByTestId('social-callback-error').waitFor();
    expect((await session.context.cookies()).some((c) => c.name === 'token')).toBe(false);
    await closeChecked(session);
  });

  it('a cancelled sign-in says so', async () => {
    const session = await reusedPage(browser());
    const { page } = session;
    await page.goto('/login');
    await page.getByRole('button', { name: 'LINEでログイン' }).click();
    await page.getByRole('button', { name: 'キャンセル' }).click();
    await page.getByTestId('social-callback-error').waitFor();
    expect(await page.getByRole('alert').innerText()).toContain('キャンセル');
    await closeChecked(session);
  });
});
