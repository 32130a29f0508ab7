import { describe, expect, inject, it } from 'vitest';
import { resetConfig } from '../../functions/src/lib/config';
import {
  baseUrl,
  closeChecked,
  newPage,
  useBrowser,
  waitForPath,
  type BrowserSession,
} from './support/browser';
import { createPlayer } from './support/users';

for (const [name, value] of Object.entries(inject('stackEnv'))) process.env[name] = value;
resetConfig();

const browser = useBrowser();

// A 1x1 PNG, for the guild image upload.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function signedIn(userId: string, nickname: string): Promise<BrowserSession> {
  const { token } = await createPlayer(userId, { nickname });
  const session = await newPage(browser());
  await session.context.addCookies([{ name: 'token', value: token, url: baseUrl() }]);
  return session;
}

describe('guilds', () => {
  it('create with an image, find, join by code, chat, edit, and leave', async () => {
    const stamp = Date.now();
    const guildName = `E2E${String(stamp).slice(-6)}`;
    const owner = await signedIn(`e2e-guild-owner-${stamp}`, 'マスター');
    const member = await signedIn(`e2e-guild-member-${stamp}`, 'メンバー');
    const o = owner.page;
    const m = member.page;

    // The owner creates a code guild with an image.
    await o.goto('/guild');
    await o.getByRole('link', { name: /ギルドを作る/ }).click();
    await waitForPath(o, '/guild/create');
    await o
      .locator('input[type="file"]')
      .setInputFiles({ name: 'emblem.png', mimeType: 'image/png', buffer: png });
    await o.locator('.guild-form__image img').waitFor();
    await o.getByRole('textbox', { name: 'ギルド名' }).fill(guildName);
    await o.getByRole('textbox', { name: '紹介文' }).fill('週末ゴルファーの集まりです');
    await o.getByRole('radio', { name: '参加コードを知っている人だけ' }).check();
    await o.getByRole('button', { name: '確認画面へ' }).click();
    await waitForPath(o, '/guild/create/confirm');
    expect(await o.locator('.confirm-list').innerText()).toContain(guildName);
    await o.getByRole('button', { name: 'ギルドを作る' }).click();
    await waitForPath(o, '/guild/create/complete');
    const code = (await o.getByTestId('join-code').locator('strong').innerText()).trim();
    expect(code).toMatch(/^[0-9A-Z]{8}$/);
    // The owner copies the code to pass it on.
    await owner.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await o.getByRole('button', { name: 'コピー' }).click();
    await o.getByText('参加コードをコピーしました。').waitFor();
    expect(
      await o.evaluate(() =>
        (
          globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
        ).navigator.clipboard.readText(),
      ),
    ).toBe(code);

    // The member finds it in the list, cannot join without the code, then joins by code.
    await m.goto(`/guild/list?name=${encodeURIComponent(guildName)}`);
    await m.getByTestId('guild-card').filter({ hasText: guildName }).click();
    await m.getByText('このギルドには参加コードが必要です。', { exact: false }).waitFor();
    expect(await m.getByTestId('guild-detail').locator('img').count()).toBe(1);
    await m.goto('/guild/code');
    await m.getByRole('textbox', { name: '参加コード' }).fill('ZZZZZZZZ');
    await m.getByRole('button', { name: '参加する' }).click();
    await m.getByText('参加コードが正しくありません。').waitFor();
    // Pasted from a message with spaces around and inside it, in lower case: still the code.
    const pasted = `  ${code.slice(0, 4).toLowerCase()} ${code.slice(4)}\u3000`;
    await m.getByRole('textbox', { name: '参加コード' }).fill(pasted);
    expect(await m.getByRole('textbox', { name: '参加コード' }).inputValue()).toBe(code);
    await m.getByRole('button', { name: '参加する' }).click();
    await m.waitForURL((url) => /^\/guild\/code\/[^/]+\/complete$/.test(url.pathname));
    const guildId = new URL(m.url()).pathname.split('/')[3]!;

    // Chat between the two; text stays text.
    await m.goto(`/guild/${guildId}/chat`);
    await m.getByRole('textbox', { name: 'メッセージ' }).fill('よろしくお願いします <b>!</b>');
    await m.getByRole('button', { name: '送信' }).click();
    await m.getByTestId('chat-message').filter({ hasText: 'よろしくお願いします <b>!</b>' }).waitFor();
    await o.goto(`/guild/${guildId}/chat`);
    await o.getByTestId('chat-message').filter({ hasText: 'よろしくお願いします' }).waitFor();
    expect(await o.locator('.chat-message__text b').count()).toBe(0);
    await o.getByRole('textbox', { name: 'メッセージ' }).fill('ようこそ！');
    await o.getByRole('button', { name: '送信' }).click();
    await m.getByTestId('chat-message').filter({ hasText: 'ようこそ！' }).waitFor({ timeout: 15_000 });

    // Members: both listed; only the owner edits.
    await o.goto(`/guild/${guildId}/member`);
    await expect.poll(() => o.getByTestId('guild-member').count()).toBe(2);
    await m.goto(`/guild/${guildId}/profile/edit`);
    await m.getByText('このギルドは編集できません').waitFor();
    await m.goto(`/guild/${guildId}/edit`);
    await m.getByText('このギルドは編集できません').waitFor();
    await o.goto(`/guild/${guildId}/show`);
    await o.getByRole('link', { name: 'ギルドのプロフィールを編集する' }).click();
    await waitForPath(o, `/guild/${guildId}/profile/edit`);
    await o.getByRole('textbox', { name: '紹介文' }).fill('初心者も歓迎します');
    await o.getByRole('button', { name: '保存する' }).click();
    await waitForPath(o, `/guild/${guildId}/show`);
    expect(await o.getByTestId('guild-detail').innerText()).toContain('初心者も歓迎します');

    // Settings: a new join code replaces the old one; the guild opens to anyone.
    await o.getByRole('link', { name: '参加方法・公開の設定' }).click();
    await waitForPath(o, `/guild/${guildId}/edit`);
    await o.getByRole('button', { name: '新しい参加コードを発行する' }).click();
    await expect
      .poll(async () => (await o.getByTestId('join-code').locator('strong').innerText()).trim())
      .not.toBe(code);
    await o.getByRole('radio', { name: 'だれでも参加できる' }).check();
    await o.getByRole('button', { name: '保存する' }).click();
    await waitForPath(o, `/guild/${guildId}/show`);
    expect(await o.getByTestId('guild-detail').innerText()).toContain('だれでも参加');

    // The member leaves.
    await m.goto(`/guild/${guildId}/show`);
    await m.getByRole('button', { name: 'ギルドから退出する' }).click();
    await m.getByRole('alertdialog').getByRole('button', { name: '退出する' }).click();
    await waitForPath(m, '/guild/withdrawal/complete');
    await m.goto('/guild');
    await m.getByRole('link', { name: /ギルドを探す/ }).waitFor();

    await closeChecked(owner);
    await closeChecked(member);
  });
});
