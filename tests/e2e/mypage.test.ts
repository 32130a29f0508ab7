import { describe, expect, inject, it } from 'vitest';
import { resetConfig } from '../../functions/src/lib/config';
import { baseUrl, closeChecked, newPage, useBrowser, waitForPath } from './support/browser';
import { createPlayer } from './support/users';

for (const [name, value] of Object.entries(inject('stackEnv'))) process.env[name] = value;
resetConfig();

const browser = useBrowser();

describe('/mypage', () => {
  it("shows the player's profile and score, and switches carry-over on for every round page", async () => {
    const { token } = await createPlayer(`e2e-mypage-${Date.now()}`, { nickname: 'マイページ太郎' });
    const session = await newPage(browser());
    const { page } = session;
    await session.context.addCookies([{ name: 'token', value: token, url: baseUrl() }]);

    await page.goto('/mypage');
    await page.getByTestId('mypage-nickname').filter({ hasText: 'マイページ太郎' }).waitFor();
    expect(await page.locator('.title-bar__title').innerText()).toBe('マイページ');
    await page.getByTestId('my-score').waitFor();

    const toggle = page.getByRole('switch', { name: /次のラウンドに引き継ぐ/ });
    expect(await toggle.isChecked()).toBe(false);
    await toggle.click();
    await expect.poll(() => toggle.isChecked()).toBe(true);
    const me = await fetch(`${baseUrl()}/api/user/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(((await me.json()) as { is_copy_next_round: boolean }).is_copy_next_round).toBe(true);

    await page.getByRole('link', { name: 'ゲームトップ' }).click();
    await waitForPath(page, '/gametop');
    await page.goto('/schedule/round/2');
    const roundToggle = page.getByRole('switch', { name: /次のラウンドに引き継ぐ/ });
    await roundToggle.waitFor();
    expect(await roundToggle.isChecked()).toBe(true);
    await roundToggle.click();
    await expect.poll(() => roundToggle.isChecked()).toBe(false);
    await closeChecked(session);
  });
});
