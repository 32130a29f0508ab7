import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { mailTokenRepository } from '../../functions/src/db/repositories/mail-token-repository';
import { hashToken } from '../../functions/src/lib/token-hash';
import { nowMs } from '../../functions/src/lib/clock';
import { resetConfig } from '../../functions/src/lib/config';
import { closeChecked, reusedPage, useBrowser, waitForPath } from './support/browser';
import { createPlayer } from './support/users';

for (const [name, value] of Object.entries(inject('stackEnv'))) process.env[name] = value;
resetConfig();

const browser = useBrowser();
const run = Date.now().toString(36);
const address = (name: string) => `e2e-${name}-${run}@example.com`;
/** A field's label exactly (a required field's label also reads 必須). */
const label = (text: string) => new RegExp(`^${text.replace(/[()（）]/g, (c) => `\\${c}`)}(必須)?$`);

/** Opens the local mailbox for an address and follows the link of its newest mail to `path`. */
async function followMailLink(page: Page, to: string, path: string) {
  await page.goto(`/dev/outbox?to=${encodeURIComponent(to)}`);
  const link = page.locator(`article >> nth=0 >> a[href*="${path}?token="]`);
  await link.waitFor();
  const href = (await link.getAttribute('href'))!;
  await link.click();
  await page.waitForURL((url) => url.pathname === path);
  return href;
}

async function login(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel(label('メールアドレス')).fill(email);
  await page.getByLabel(label('パスワード')).fill(password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
}

/** Registration by e-mail, through every step, in the browser. */
async function registerByEmail(page: Page, email: string, password: string, nickname: string) {
  await page.goto('/register');
  const form = page.getByRole('form', { name: 'メールアドレスで登録' });
  // A short password is told in plain Japanese what it needs.
  await form.getByLabel(label('パスワード')).fill('short');
  await form.getByRole('button', { name: '確認メールを送る' }).click();
  await form.getByText('パスワードは10文字以上で入力してください。').waitFor();
  await form.getByLabel(label('メールアドレス')).fill(email);
  await form.getByLabel(label('パスワード')).fill(password);
  await form.getByLabel(label('パスワード（確認）')).fill(password);
  await form.getByRole('button', { name: '確認メールを送る' }).click();
  await waitForPath(page, '/register/send');
  await page.getByTestId('mail-sent').getByText(email).waitFor();

  await followMailLink(page, email, '/register/verify');
  await completeSignUp(page, nickname);
}

/** A social player's address: asked on /register/mail, theirs once the mailed link is opened. */
async function registerMail(page: Page, email: string) {
  await waitForPath(page, '/register/mail');
  await page.getByLabel(label('メールアドレス')).fill(email);
  await page.getByRole('button', { name: '確認メールを送る' }).click();
  await waitForPath(page, '/register/mail/send');
  await followMailLink(page, email, '/settings/mail/change');
  await waitForPath(page, '/register/mail/complete');
  await page.getByRole('link', { name: '登録を続ける' }).click();
}

/** The sign-up steps after the e-mail: the terms, the necessary profile, its confirmation. */
async function completeSignUp(page: Page, nickname: string) {
  await waitForPath(page, '/register/terms');
  await page.getByLabel(/プライバシーポリシー\s*に同意する/).check();
  await page.getByRole('button', { name: '同意して次へ' }).click();

  await waitForPath(page, '/register/necessary');
  await page.getByLabel(label('ニックネーム')).fill(nickname);
  await page.getByLabel(label('性別')).selectOption({ label: '女性' });
  await page.getByLabel(label('年代')).selectOption({ label: '30代' });
  await page.getByLabel(label('お住まいの都道府県')).selectOption({ label: '東京都' });
  await page.getByLabel(label('ゴルフのプレー頻度')).selectOption({ label: '月に2〜3回' });
  await page.getByRole('button', { name: '確認画面へ' }).click();

  await waitForPath(page, '/register/confirm');
  expect(await page.locator('.confirm-list').innerText()).toContain('東京都');
  await page.getByRole('button', { name: '登録する' }).click();
  await waitForPath(page, '/register/complete');
  await page.getByRole('heading', { name: '会員登録が完了しました' }).waitFor();
}

describe('accounts by e-mail', () => {
  it('registers by e-mail to completion with the mailed link, then logs out and in again', async () => {
    const session = await reusedPage(browser());
    const { page } = session;
    const email = address('register');
    await registerByEmail(page, email, 'e2e-pass-123', 'はじめてゴルファー');
    // The tutorial opens as soon as the account is complete.
    const tutorial = page.getByRole('dialog', { name: 'ようこそ！' });
    await tutorial.getByRole('button', { name: 'スキップ' }).click();
    await page.getByTestId('tutorial').waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'ゲームをはじめる' }).click();
    await waitForPath(page, '/gametop');

    await page.goto('/logout');
    await waitForPath(page, '/');
    await login(page, email, 'e2e-pass-123');
    await waitForPath(page, '/');
    await page.goto('/mypage');
    expect(await page.getByTestId('mypage-nickname').innerText()).toBe('はじめてゴルファー');
    await closeChecked(session);
  });

  it('changes the e-mail address and the password, edits the profile, then withdraws', async () => {
    const session = await reusedPage(browser());
    const { page } = session;
    const email = address('settings');
    const next = address('settings-new');
    await registerByEmail(page, email, 'settings-pass-1', '設定ゴルファー');

    await page.goto('/mypage');
    await page.getByRole('link', { name: 'メールアドレスを変更する' }).click();
    await waitForPath(page, '/settings/mail');
    expect(await page.locator('.confirm-list').innerText()).toContain(email);
    await page.getByLabel(label('新しいメールアドレス')).fill(next);
    await page.getByRole('button', { name: '確認メールを送る' }).click();
    await waitForPath(page, '/settings/mail/send');
    await followMailLink(page, next, '/settings/mail/change');
    await page.getByRole('heading', { name: 'メールアドレスを変更しました' }).waitFor();

    await page.goto('/settings/password');
    await page.getByLabel(label('現在のパスワード')).fill('wrong-pass-0');
    await page.getByLabel(label('新しいパスワード')).fill('settings-pass-2');
    await page.getByLabel(label('新しいパスワード（確認）')).fill('settings-pass-2');
    await page.getByRole('button', { name: 'パスワードを変更する' }).click();
    await page.getByText('現在のパスワードが正しくありません。').waitFor();
    await page.getByLabel(label('現在のパスワード')).fill('settings-pass-1');
    await page.getByRole('button', { name: 'パスワードを変更する' }).click();
    await waitForPath(page, '/settings/password/complete');
    await page.getByText('ほかの端末やブラウザでは、ログアウトしました。', { exact: false }).waitFor();

    await page.goto('/mypage/profile/edit');
    await page.getByLabel(label('ニックネーム')).fill('改名ゴルファー');
    await page.getByRole('button', { name: '確認画面へ' }).click();
    await page.getByRole('button', { name: '保存する' }).click();
    await waitForPath(page, '/mypage');
    await page.getByTestId('mypage-nickname').filter({ hasText: '改名ゴルファー' }).waitFor();

    await page.goto('/logout');
    await waitForPath(page, '/');
    await login(page, next, 'settings-pass-2');
    await waitForPath(page, '/');

    await page.goto('/withdrawal');
    const withdraw = page.getByRole('button', { name: '退会する' });
    expect(await withdraw.isDisabled()).toBe(true);
    await page.getByLabel(label('上の注意事項を確認しました')).check();
    await withdraw.click();
    await waitForPath(page, '/withdrawal/complete');
    await page.getByRole('heading', { name: '退会手続きが完了しました' }).waitFor();
    await page.goto('/mypage');
    await waitForPath(page, '/login');
    await login(page, next, 'settings-pass-2');
    await page.getByTestId('login-error').waitFor();
    await closeChecked(session);
  });

  it('registers the e-mail of a player who signed up with a provider (registerFlg)', async () => {
    const session = await reusedPage(browser());
    const { page } = session;
    const email = address('social');
    await page.goto('/login');
    await page.getByRole('button', { name: 'Googleでログイン' }).click();
    await page.waitForURL((url) => url.pathname === '/api/dev/auth/oauth2/authorize');
    await page.getByLabel(label('Google のアカウントID')).fill(`e2e-social-mail-${run}`);
    await page.getByRole('button', { name: '許可する' }).click();
    await registerMail(page, email);
    await waitForPath(page, '/register/terms');
    await closeChecked(session);
  });

  it('signs up with X through the stand-in X, without an e-mail from X, to completion', async () => {
    const session = await reusedPage(browser());
    const { page } = session;
    const email = address('x-player');
    await page.goto('/login');
    await page.getByRole('button', { name: 'Xでログイン' }).click();
    // The API sends the player to X's own consent page, and exchanges the code X gives back.
    await page.waitForURL((url) => url.pathname === '/api/dev/x/i/oauth2/authorize');
    await page.getByRole('heading', { name: 'X でログイン' }).waitFor();
    await page.getByLabel('X のユーザーID (数字)').fill(String(Date.now()));
    await page.getByLabel('X のユーザー名').fill('x_golfer');
    await page.getByRole('button', { name: 'アプリにアクセスを許可' }).click();
    // X gave no address: the player registers one, verified by the mailed link.
    await registerMail(page, email);
    await completeSignUp(page, 'Xのゴルファー');
    await page.goto('/mypage');
    expect(await page.getByTestId('mypage-nickname').innerText()).toBe('Xのゴルファー');
    await closeChecked(session);
  });

  it('LINE reminders can be chosen on my page right after signing up with LINE', async () => {
    const session = await reusedPage(browser());
    const { page } = session;
    await page.goto('/login');
    await page.getByRole('button', { name: 'LINEでログイン' }).click();
    await page.waitForURL((url) => url.pathname === '/api/dev/line/oauth2/v2.1/authorize');
    await page.getByLabel(label('LINE のアカウントID')).fill(`Ue2e${run}`);
    await page.getByRole('button', { name: '許可する' }).click();
    // The e-mail step's link signs the player in again, in a session of its own.
    await registerMail(page, address('line-player'));
    await completeSignUp(page, 'LINEのゴルファー');
    await page.goto('/mypage');
    const reminders = page.getByTestId('reminder-settings');
    const line = reminders.getByRole('switch', { name: /LINEで受け取る/ });
    await line.waitFor();
    expect(await line.isEnabled()).toBe(true);
    expect(await reminders.getByText('LINEでログインすると').count()).toBe(0);
    // A controlled switch: it shows the choice once the save has taken it.
    await line.click();
    await expect.poll(() => line.isChecked()).toBe(true);
    await expect.poll(() => line.isEnabled()).toBe(true);
    expect(await line.isChecked()).toBe(true);
    await closeChecked(session);
  });

  it('an expired reset link is refused when it is opened', async () => {
    const { userId } = await createPlayer(`e2e-expired-reset-${run}`);
    // A reset link mailed 25 hours ago by the stack's clock: it worked for 24.
    const token = `e2e-expired-reset-${run}-${'x'.repeat(24)}`;
    const hour = 3600_000;
    await mailTokenRepository.putMailToken(hashToken(token), {
      purpose: 'password_reset',
      email: `${userId}@example.com`,
      user_id: userId,
      password_hash: null,
      created_at: new Date(nowMs() - 25 * hour).toISOString(),
      expires_at: new Date(nowMs() - hour).toISOString(),
    });
    const session = await reusedPage(browser());
    const { page } = session;
    await page.goto(`/reset-password?token=${token}`);
    // Refused before anything is typed, with the way to ask for a new link; no form to fill in.
    const error = page.getByTestId('link-error');
    await error.waitFor();
    expect(await error.innerText()).toContain('有効期限（24時間）が切れています');
    expect(await page.getByLabel(label('新しいパスワード')).count()).toBe(0);
    await error.getByRole('link', { name: '再設定のメールをもう一度送る' }).click();
    await waitForPath(page, '/reset-password/mail');
    await closeChecked(session);
  });
});
