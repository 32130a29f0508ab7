import { describe, expect, inject, it } from 'vitest';
import { resetConfig } from '../../functions/src/lib/config';
import { baseUrl, closeChecked, newPage, useBrowser } from './support/browser';
import { createPlayer } from './support/users';

for (const [name, value] of Object.entries(inject('stackEnv'))) process.env[name] = value;
resetConfig();

const browser = useBrowser();

describe('first-visit tutorial', () => {
  it('shows once to a new player, and never again after it is finished', async () => {
    const { token } = await createPlayer(`e2e-tutorial-${Date.now()}`, { tutorial_flg: false });

    const session = await newPage(browser());
    const { page } = session;
    await session.context.addCookies([{ name: 'token', value: token, url: baseUrl() }]);
    await page.goto('/schedule/round/4');
    await page.getByRole('dialog', { name: 'ようこそ！' }).waitFor();
    const dialog = page.getByTestId('tutorial');
    expect(await dialog.innerText()).toContain('1 / 4');
    for (let step = 0; step < 3; step++) await dialog.getByRole('button', { name: '次へ' }).click();
    expect(await dialog.innerText()).toContain('4 / 4');
    await dialog.getByRole('button', { name: 'はじめる' }).click();
    await page.getByTestId('tutorial').waitFor({ state: 'detached' });

    const me = await fetch(`${baseUrl()}/api/user/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(((await me.json()) as { tutorial_flg: boolean }).tutorial_flg).toBe(true);

    await page.reload();
    await page.getByTestId('slot-1').waitFor();
    expect(await page.getByTestId('tutorial').count()).toBe(0);
    await closeChecked(session);
  });

  it('opens as soon as registration completes', async () => {
    const { token } = await createPlayer(`e2e-tutorial-new-${Date.now()}`, { tutorial_flg: false });
    const session = await newPage(browser());
    const { page } = session;
    await session.context.addCookies([{ name: 'token', value: token, url: baseUrl() }]);
    await page.goto('/register/complete');
    await page.getByRole('heading', { name: '会員登録が完了しました' }).waitFor();
    const dialog = page.getByRole('dialog', { name: 'ようこそ！' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'スキップ' }).click();
    await page.getByTestId('tutorial').waitFor({ state: 'detached' });
    await closeChecked(session);
  });
});
