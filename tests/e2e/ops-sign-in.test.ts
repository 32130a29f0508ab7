import { describe, expect, it } from 'vitest';
import { totpCode } from '../../functions/src/adapters/identity/totp';
import { operatorLogin } from '../../scripts/test-support/operator-session';
import { closeChecked, newPage } from './support/browser';
import { useOwnStack } from './support/own-stack';
import { createPlayer } from './support/users';

/**
 * An operator's sign-in to the console in the browser, as `create-operator` leaves them: the first
 * sign-in sets up the authenticator app from the key the page shows (an app would scan its QR code),
 * and every later one asks for the app's code after the password. Codes are computed from that key,
 * as the app computes them (RFC 6238).
 */
const own = useOwnStack();

describe('an operator’s sign-in', () => {
  it('sets up the authenticator app at the first sign-in, then signs in with its code', async () => {
    const userId = `e2e-first-sign-in-${Date.now()}`;
    await createPlayer(userId);
    const { email, password } = await operatorLogin(userId);
    const session = await newPage(own.browser(), { baseUrl: own.stack().url });
    const { page } = session;
    const signIn = async () => {
      await page.goto('/login?to=/ops');
      const form = page.getByRole('form', { name: 'メールアドレスでログイン' });
      await form.getByRole('textbox', { name: /^メールアドレス/ }).fill(email);
      await form.locator('input[type=password]').fill(password);
      await form.getByRole('button', { name: 'ログイン' }).click();
    };

    await signIn();
    await page.waitForURL('**/ops/totp**');
    const setup = page.getByRole('form', { name: '認証アプリを設定' });
    await setup.getByRole('img', { name: '認証アプリで読み取るQRコード' }).waitFor();
    const secret = (await setup.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
    await setup.getByLabel(/^認証コード（6桁）/).fill(totpCode(secret, new Date()));
    await setup.getByRole('button', { name: '設定を完了する' }).click();
    await page.waitForURL((url) => url.pathname === '/ops');
    await page.getByRole('heading', { name: '大会とラウンド' }).waitFor();

    await page.goto('/logout');
    await page.waitForURL((url) => url.pathname === '/');
    await signIn();
    const step = page.getByRole('form', { name: '認証アプリのコードを入力' });
    await step.waitFor();
    // The next code (the setup's is used up); one step ahead is accepted.
    await step.getByLabel(/^認証コード（6桁）/).fill(totpCode(secret, new Date(Date.now() + 30_000)));
    await step.getByRole('button', { name: 'ログイン' }).click();
    await page.waitForURL((url) => url.pathname === '/ops');
    await page.getByRole('heading', { name: '大会とラウンド' }).waitFor();
    expect(page.url()).toContain('/ops');
    await closeChecked(session);
  }, 120_000);
});
