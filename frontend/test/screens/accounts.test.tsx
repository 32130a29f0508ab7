import { screen, waitFor, within } from '@testing-library/dom';
import { userEvent } from '@testing-library/user-event';
import type { SiteConfig } from '@golf/shared/site-config';
import { afterEach, describe, expect, it } from 'vitest';
import { commonPasswordMessage } from '@golf/shared/schemas/account';
import { answerApi, jsonAnswer, openApp, waitForPath } from './render-app';
import { address, catchPageLoads, fill, label, mailLink, registerAccount } from './support/accounts';

/**
 * The account screens that need no mail or sign-in provider: the sign-in buttons the deployment
 * enables and a broken mail link. The journeys through the mailbox and the providers' stand-ins
 * are browser journeys (tests/e2e/accounts.test.ts, tests/e2e/auth-social.test.ts).
 */
const user = () => userEvent.setup();
const siteConfigHolder = globalThis as { __SITE_CONFIG__?: SiteConfig };
afterEach(() => {
  delete siteConfigHolder.__SITE_CONFIG__;
});

describe('social sign-in buttons', () => {
  it('shows the buttons of the providers the deployment enables only, and none when it enables none', async () => {
    const buttonsWith = async (socialProviders: Array<'google' | 'line'>) => {
      // The deployment's /site-config.js (the web stack writes it from the context socialProviders).
      siteConfigHolder.__SITE_CONFIG__ = { launchGate: false, socialProviders };
      await openApp('/login');
      await screen.findByRole('heading', { name: 'メールアドレスでログイン' });
      return screen.queryAllByRole('button', { name: /でログイン$/ }).map((button) => button.textContent);
    };
    expect(await buttonsWith(['google'])).toEqual(['Googleでログイン']);
    expect(await buttonsWith(['line', 'google'])).toEqual(['Googleでログイン', 'LINEでログイン']);
    expect(await buttonsWith([])).toEqual([]);
    expect(screen.queryByRole('heading', { name: 'SNSアカウントでログイン' })).toBeNull();
  });
});

describe('mail links', () => {
  it('shows a clear message for a broken verification link', async () => {
    await openApp(`/register/verify?token=${'Z'.repeat(43)}`);
    const error = await screen.findByTestId('link-error');
    await waitFor(() => expect(error.textContent).toContain('無効か、すでに使用されています'));
    await user().click(screen.getByRole('link', { name: 'もう一度登録する' }));
    await waitForPath('/register');
  });
});

describe('forgotten password', () => {
  it('resets it with the mailed link; the used link says so and offers to ask again', async () => {
    const email = address('reset');
    await registerAccount(email, 'before-pass-1', 'リセット太郎');

    await openApp('/login');
    await user().click(await screen.findByRole('link', { name: 'パスワードをお忘れの方' }));
    await waitForPath('/reset-password');
    await user().click(await screen.findByRole('link', { name: 'メールアドレスを入力する' }));
    await waitForPath('/reset-password/mail');
    await fill(await screen.findByLabelText(label('メールアドレス')), email);
    await user().click(screen.getByRole('button', { name: '再設定のメールを送る' }));
    await waitForPath('/reset-password/send');

    const link = await mailLink(email, '/reset-password');
    const setPassword = async (password: string) => {
      await openApp(link);
      await fill(await screen.findByLabelText(label('新しいパスワード')), password);
      await fill(screen.getByLabelText(label('新しいパスワード（確認）')), password);
      await user().click(screen.getByRole('button', { name: 'パスワードを再設定する' }));
    };
    await setPassword('after-pass-2');
    await waitForPath('/reset-password/complete');

    await openApp('/login');
    const loads = catchPageLoads();
    await fill(await screen.findByRole('textbox', { name: label('メールアドレス') }), email);
    await fill(document.querySelector<HTMLInputElement>('input[type=password]')!, 'after-pass-2');
    await user().click(screen.getByRole('button', { name: 'ログイン' }));
    expect(await loads.next()).toBe('/');

    // The same link again: refused on opening, before any password is typed, with the way to ask again.
    await openApp(link);
    const error = await screen.findByTestId('link-error');
    expect(screen.queryByLabelText(label('新しいパスワード'))).toBeNull();
    await waitFor(() => expect(error.textContent).toContain('すでに使用されています'));
    screen.getByRole('link', { name: '再設定のメールをもう一度送る' });
  });
});

describe('the sign-up confirmation', () => {
  it('reloading /register/confirm keeps the profile and its picture', async () => {
    const field = (name: string) =>
      screen.getByLabelText(label(name)) as HTMLInputElement | HTMLSelectElement;
    await openApp('/register/necessary', { as: 'accountsConfirmReload' });
    await fill(await screen.findByLabelText(label('ニックネーム')), 'リロード花子');
    await user().selectOptions(field('性別'), '女性');
    await user().selectOptions(field('年代'), '30代');
    await user().selectOptions(field('お住まいの都道府県'), '東京都');
    await user().selectOptions(field('ゴルフのプレー頻度'), '月に2〜3回');
    // A 1×1 PNG.
    const png =
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    const picture = new File([Uint8Array.from(atob(png), (c) => c.charCodeAt(0))], 'me.png', {
      type: 'image/png',
    });
    await user().upload(field('プロフィール画像') as HTMLInputElement, picture);
    await user().click(screen.getByRole('button', { name: '確認画面へ' }));
    await waitForPath('/register/confirm');

    await openApp('/register/confirm', { as: 'accountsConfirmReload' });
    const summary = await screen.findByRole('region', { name: '入力内容の確認' });
    await waitFor(() => expect(summary.textContent).toContain('東京都'));
    for (const shown of ['リロード花子', '女性', '30代', '月に2〜3回'])
      expect(summary.textContent).toContain(shown);
    const shownPicture = await within(summary).findByRole('img', { name: 'プロフィール画像' });
    expect(shownPicture.getAttribute('src')).toMatch(/^blob:/);
    expect(location.pathname).toBe('/register/confirm');
    // No secret is kept with it.
    expect(sessionStorage.getItem('golf.registration-draft')).not.toMatch(/password/i);
  });
});

describe('new passwords', () => {
  it('a common password is refused on sign-up, under the field, with the same words as the API', async () => {
    await openApp('/register');
    const form = await screen.findByRole('form', { name: 'メールアドレスで登録' });
    await fill(within(form).getByLabelText(label('メールアドレス')), address('common'));
    await fill(within(form).getByLabelText(label('パスワード')), 'password12');
    await fill(within(form).getByLabelText(label('パスワード（確認）')), 'password12');
    await user().click(within(form).getByRole('button', { name: '確認メールを送る' }));
    const refused = await within(form).findByText(commonPasswordMessage);
    expect(refused.getAttribute('role')).toBe('alert');
    expect(location.pathname).toBe('/register');
  });
});

describe('an operator’s sign-in', () => {
  it('asks for the authenticator app’s code after the password, says when it is wrong, then signs in', async () => {
    const sent: Array<Record<string, unknown>> = [];
    answerApi('/api/auth/token', () => jsonAnswer({ second_factor: 'totp', challenge: 'challenge-1' }));
    let attempt = 0;
    answerApi('/api/auth/token/totp', async (request) => {
      sent.push((await request.json()) as Record<string, unknown>);
      if (++attempt === 1)
        return jsonAnswer(
          {
            code: 'validation_failed',
            message: '入力内容に誤りがあります。',
            errors: { code: ['認証コードが正しくないか、すでに使われています。'] },
          },
          422,
        );
      return jsonAnswer({
        access_token: 'signed-in-with-code',
        expires_at: new Date(Date.now() + 3600_000).toISOString(),
        user: { user_id: 'ops-1', is_accepted_policy: true, status: 'complete', is_registed_email: true },
      });
    });
    await openApp('/login?to=/ops');
    await fill(await screen.findByRole('textbox', { name: label('メールアドレス') }), 'ops@example.com');
    await fill(document.querySelector<HTMLInputElement>('input[type=password]')!, 'ops-pass-123');
    await user().click(screen.getByRole('button', { name: 'ログイン' }));

    const step = await screen.findByRole('form', { name: '認証アプリのコードを入力' });
    // Typed as an app shows it, with a space; sent as its 6 digits.
    await fill(within(step).getByLabelText(label('認証コード（6桁）')), '123 456');
    await user().click(within(step).getByRole('button', { name: 'ログイン' }));
    await within(step).findByText('認証コードが正しくないか、すでに使われています。');

    const loads = catchPageLoads();
    await fill(within(step).getByLabelText(label('認証コード（6桁）')), '654321');
    await user().click(within(step).getByRole('button', { name: 'ログイン' }));
    expect(await loads.next()).toBe('/ops');
    expect(sent).toEqual([
      { email: 'ops@example.com', challenge: 'challenge-1', code: '123456' },
      { email: 'ops@example.com', challenge: 'challenge-1', code: '654321' },
    ]);
  });

  it('at the first sign-in, the console sends the operator to set up the app: a QR code, the key, then a code', async () => {
    const verified: unknown[] = [];
    answerApi('/api/auth/totp/verify', async (request) => {
      verified.push(await request.json());
      return jsonAnswer({ message: '二段階認証を設定しました。' });
    });
    const loads = catchPageLoads();
    await openApp('/ops', { as: 'opsFirstSignIn' });
    await waitForPath('/ops/totp');
    const form = await screen.findByRole('form', { name: '認証アプリを設定' });
    within(form).getByRole('img', { name: '認証アプリで読み取るQRコード' });
    const key = within(form).getByTestId('totp-secret').textContent ?? '';
    expect(key).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{4}){7}$/);
    await fill(within(form).getByLabelText(label('認証コード（6桁）')), '12345');
    await user().click(within(form).getByRole('button', { name: '設定を完了する' }));
    await within(form).findByText('認証アプリに表示された6桁の数字を入力してください。');
    expect(verified).toEqual([]);
    await fill(within(form).getByLabelText(label('認証コード（6桁）')), '123456');
    await user().click(within(form).getByRole('button', { name: '設定を完了する' }));
    expect(await loads.next()).toBe('/ops');
    expect(verified).toEqual([{ code: '123456' }]);
  });
});
