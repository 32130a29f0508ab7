import { describe, expect, inject, it } from 'vitest';
import { resetConfig } from '../../functions/src/lib/config';
import { baseUrl, closeChecked, newPage, useBrowser, waitForPath } from './support/browser';
import { createPlayer } from './support/users';

/** What the test reads of an element in the page (this project checks Node code without the DOM library). */
interface Boxed {
  getBoundingClientRect(): { top: number };
}

for (const [name, value] of Object.entries(inject('stackEnv'))) process.env[name] = value;
resetConfig();

const browser = useBrowser();

describe('/howto', () => {
  it("shows the players' part of the rules document with a working table of contents", async () => {
    const session = await newPage(browser());
    const { page } = session;
    await page.goto('/howto');
    await page.getByRole('heading', { name: 'ゲームのルール' }).waitFor();
    await page.locator('.document-section').last().waitFor();
    expect(await page.locator('.title-bar__title').innerText()).toBe('遊び方');
    const titles = await page.locator('.document-section h2').allInnerTexts();
    expect(titles).toEqual(
      expect.arrayContaining(['遊び方', '選び方', 'スコアの計算', '個人ランキング', '賞品']),
    );
    expect(await page.locator('.document-section table').count()).toBeGreaterThan(0);
    expect(await page.content()).not.toContain('For developers');
    // The rules real tournaments need: disqualification, withdrawals, the deadline instant, cancellations.
    const rules = (await page.locator('.document-section').allInnerTexts()).join('\n');
    for (const rule of [
      'スコアカードの誤りによる失格など',
      '大会が始まる前（第1ラウンドの前）でも',
      'そのラウンドの締め切りの時点',
      '締め切りの後で棄権が登録された選手は入れ替わりません',
      'トーナメント全体が中止になった場合は、スコアも年間ポイントもありません',
      'サーバーが保存のリクエストを受け取った時刻',
    ])
      expect(rules).toContain(rule);

    await page
      .getByRole('navigation', { name: '目次' })
      .getByRole('link', { name: '年間ランキング' })
      .click();
    const yearly = page.locator('.document-section', {
      has: page.getByRole('heading', { name: '年間ランキング' }),
    });
    await expect
      .poll(() =>
        yearly.evaluate((element) => (element as unknown as Boxed).getBoundingClientRect().top < 400),
      )
      .toBe(true);
    expect(new URL(page.url()).pathname).toBe('/howto');

    await page.getByRole('link', { name: '新規登録してはじめる' }).waitFor();
    await closeChecked(session);
  });
});

describe('/schedule/score of a tournament with a cancelled round', () => {
  it('tells players the round was cancelled and why', async () => {
    const session = await newPage(browser());
    const { page } = session;
    const schedules = (await (await fetch(`${baseUrl()}/api/golf/master/schedule`)).json()) as Array<{
      value: string;
      rounds: Array<{ cancel_note: string | null }>;
    }>;
    const rainedOut = schedules.find((s) => s.rounds.some((r) => r.cancel_note))!;
    await page.goto(`/schedule/score?game_global_id=${rainedOut.value}`);
    await page.getByTestId('cancel-note').waitFor();
    expect(await page.getByTestId('cancel-note').innerText()).toContain(
      '第4ラウンドは中止になりました（荒天のため）',
    );
    await closeChecked(session);
  });
});

describe('/schedule/round/{round}/about-mode', () => {
  it('explains the modes from the same rules document and links to the round', async () => {
    const session = await newPage(browser());
    const { page } = session;
    // Round pages are for signed-in players (spec section 6).
    const { token } = await createPlayer(`e2e-about-${Date.now()}`);
    await session.context.addCookies([{ name: 'token', value: token, url: baseUrl() }]);
    await page.goto('/schedule/round/2/about-mode');
    await page.locator('.document-section').nth(2).waitFor();
    const titles = await page.locator('.document-section h2').allInnerTexts();
    expect(titles).toEqual(['遊び方', '選び方', '次のラウンドへの引き継ぎ']);
    expect(await page.locator('.document-section').nth(1).innerText()).toContain('コンディション重視');
    await page.getByRole('link', { name: 'スコアの計算やランキングのルール' }).click();
    await waitForPath(page, '/howto');
    await closeChecked(session);
  });
});

describe('/faq', () => {
  it('opens an answer in place and follows an in-site link without reloading the page', async () => {
    const session = await newPage(browser());
    const { page } = session;
    await page.goto('/faq');
    expect(await page.locator('.title-bar__title').innerText()).toBe('よくある質問');
    const question = page.locator('details', { hasText: 'チームはいつまで変更できますか？' });
    await question.locator('summary').click();
    expect(await question.getAttribute('open')).not.toBeNull();
    expect(await question.innerText()).toContain('締め切り');

    await page.evaluate(() => ((globalThis as unknown as { marker: number }).marker = 1));
    const first = page.locator('details').first();
    await first.locator('summary').click();
    await first.getByRole('link', { name: '遊び方' }).click();
    await waitForPath(page, '/howto');
    expect(await page.evaluate(() => (globalThis as unknown as { marker?: number }).marker)).toBe(1);
    await closeChecked(session);
  });
});

describe('terms, privacy policy and company', () => {
  for (const [path, title, heading] of [
    ['/terms', '利用規約', '第1条（適用）'],
    ['/privacy-policy', 'プライバシーポリシー', '2. 取得する情報'],
    ['/about/company', '運営会社', '運営'],
  ] as const) {
    it(`${path} shows the whole document`, async () => {
      const session = await newPage(browser());
      const { page } = session;
      await page.goto(path);
      await page.getByRole('heading', { name: heading, exact: true }).waitFor();
      expect(await page.locator('.title-bar__title').innerText()).toBe(title);
      await closeChecked(session);
    });
  }
});
