import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { resetConfig } from '../../functions/src/lib/config';
import { baseUrl, launchBrowser, newPage, waitForPath, type BrowserSession } from './support/browser';
import { createPlayer } from './support/users';

for (const [name, value] of Object.entries(inject('stackEnv'))) process.env[name] = value;
resetConfig();

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function finish(session: BrowserSession) {
  const errors = session.pageErrors.map((error) => error.message);
  await session.close();
  expect(errors).toEqual([]);
}

describe('/howto', () => {
  it("shows the players' part of the rules document with a working table of contents", async () => {
    const session = await newPage(browser);
    const { page } = session;
    await page.goto('/howto');
    await page.getByRole('heading', { name: 'ゲームのルール' }).waitFor();
    await page.locator('.rules-section').last().waitFor();
    expect(await page.locator('.title-bar__title').innerText()).toBe('遊び方');
    const titles = await page.locator('.rules-section h2').allInnerTexts();
    expect(titles).toEqual(
      expect.arrayContaining(['遊び方', '選び方', 'スコアの計算', '個人ランキング', '賞品']),
    );
    expect(await page.locator('.rules-section table').count()).toBeGreaterThan(0);
    expect(await page.content()).not.toContain('For developers');

    await page
      .getByRole('navigation', { name: '目次' })
      .getByRole('link', { name: '年間ランキング' })
      .click();
    const yearly = page.locator('.rules-section', {
      has: page.getByRole('heading', { name: '年間ランキング' }),
    });
    await expect
      .poll(() => yearly.evaluate((element) => element.getBoundingClientRect().top < 400))
      .toBe(true);
    expect(new URL(page.url()).pathname).toBe('/howto');

    await page.getByRole('link', { name: '新規登録してはじめる' }).waitFor();
    await finish(session);
  });
});

describe('/schedule/round/{round}/about-mode', () => {
  it('explains the modes from the same rules document and links to the round', async () => {
    const session = await newPage(browser);
    const { page } = session;
    await page.goto('/schedule/round/2/about-mode');
    await page.locator('.rules-section').nth(2).waitFor();
    const titles = await page.locator('.rules-section h2').allInnerTexts();
    expect(titles).toEqual(['遊び方', '選び方', '次のラウンドへの引き継ぎ']);
    expect(await page.locator('.rules-section').nth(1).innerText()).toContain('コンディション重視');
    await page.getByRole('link', { name: 'スコアの計算やランキングのルール' }).click();
    await waitForPath(page, '/howto');
    await finish(session);
  });
});

describe('first-visit tutorial', () => {
  it('shows once to a new player, and never again after it is finished', async () => {
    const { token } = await createPlayer(`e2e-tutorial-${Date.now()}`, { tutorial_flg: false });

    const session = await newPage(browser);
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
    await finish(session);
  });
});
