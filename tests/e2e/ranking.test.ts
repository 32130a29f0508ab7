import { describe, expect, inject, it } from 'vitest';
import { rankingPageResponseSchema } from '@golf/shared/schemas/ranking';
import { resetConfig } from '../../functions/src/lib/config';
import { signLocalAccessToken } from '../../functions/src/lib/local-issuer';
import { guildRepository } from '../../functions/src/db/repositories/guild-repository';
import { apiGet, baseUrl, closeChecked, isInViewport, newPage, useBrowser } from './support/browser';

for (const [name, value] of Object.entries(inject('stackEnv'))) process.env[name] = value;
resetConfig();

const browser = useBrowser();

describe('/ranking/golf/personal', () => {
  it('switches round and type, pages, jumps to a rank, and pins my own rank', async () => {
    const second = rankingPageResponseSchema.parse(await apiGet('/api/golf/ranking?perPage=50&page=2'));
    const me = second.rankings[3]!;
    const { token } = await signLocalAccessToken({ sub: me.user_id });
    const session = await newPage(browser());
    const { page } = session;
    await session.context.addCookies([{ name: 'token', value: token, url: baseUrl() }]);

    await page.goto('/ranking/golf/personal');
    const rows = page.getByTestId('ranking-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(50);
    expect(await page.locator('.round-tabs [aria-current="page"]').innerText()).toBe(
      `R${second.active_round}`,
    );
    expect(await page.getByTestId('my-rank').innerText()).toContain(`${me.rank}位`);
    // No word breaks inside 順位, down to a 320 px phone: 「あなたの順位」 and 「N位」 each stay on one line.
    await page.setViewportSize({ width: 320, height: 720 });
    for (const part of ['.ranking-mine__label', '.ranking-mine__rank']) {
      const lines = await page.locator(`[data-testid="my-rank"] ${part}`).evaluate((element) => {
        interface Range {
          selectNodeContents(node: unknown): void;
          getClientRects(): ArrayLike<{ top: number }>;
        }
        const { document } = globalThis as unknown as { document: { createRange(): Range } };
        const range = document.createRange();
        range.selectNodeContents(element);
        return new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size;
      });
      expect(lines, part).toBe(1);
    }
    await page.setViewportSize({ width: 375, height: 812 });

    await page.getByRole('button', { name: '自分の順位へ' }).click();
    await page.locator('tr[data-mine="true"]').waitFor();
    expect(await page.locator('.pager__status').innerText()).toMatch(/^2 \//);
    await expect.poll(() => isInViewport(page.locator('tr[data-mine="true"]'))).toBe(true);

    await page.getByRole('button', { name: '次へ' }).click();
    await page.locator('.pager__status', { hasText: /^3 \// }).waitFor();

    await page.getByRole('link', { name: 'R1' }).click();
    await page.locator('.round-tabs [aria-current="page"]', { hasText: 'R1' }).waitFor();
    await page.getByText('確定', { exact: true }).waitFor();

    await page.getByRole('combobox', { name: 'ランキングの種類' }).selectOption({ label: '打率' });
    await page.locator('th', { hasText: '打率' }).waitFor();
    expect(await rows.first().locator('.ranking-table__value').innerText()).toMatch(/^(\.\d{3}|1\.000)$/);

    await page.getByRole('spinbutton', { name: '順位を指定' }).fill('120');
    await page.getByRole('button', { name: '移動' }).click();
    await page.locator('.pager__status', { hasText: /^3 \// }).waitFor();
    await closeChecked(session);
  });
});

describe('/ranking/guild', () => {
  it('switches between all, total and member, and shows my guild and me', async () => {
    const top = rankingPageResponseSchema.parse(await apiGet('/api/golf/ranking/guild')).rankings[0]!;
    const [member] = await guildRepository.listMembers(top.guild_id!);
    const { token } = await signLocalAccessToken({ sub: member!.user_id });
    const session = await newPage(browser());
    const { page } = session;
    await session.context.addCookies([{ name: 'token', value: token, url: baseUrl() }]);

    await page.goto('/ranking/guild');
    await page.getByTestId('ranking-row').first().waitFor();
    expect(await page.locator('.title-bar__title').innerText()).toBe('ギルドランキング');
    expect(await page.locator('tr[data-mine="true"]').innerText()).toContain(top.nickname);

    await page.getByRole('link', { name: '合計' }).click();
    await page.getByText('上位4人のスコアの合計で競います', { exact: false }).waitFor();

    await page.getByRole('link', { name: 'メンバー' }).click();
    await page.locator('tr[data-mine="true"]').waitFor();
    await page.locator('th', { hasText: 'ニックネーム' }).waitFor();

    await page.getByRole('link', { name: 'R1' }).click();
    await page.locator('.round-tabs [aria-current="page"]', { hasText: 'R1' }).waitFor();
    await page.getByTestId('ranking-row').first().waitFor();
    await closeChecked(session);
  });
});

describe('/ranking/yearly', () => {
  it('lists the yearly points, pins my row, jumps to it and pages', async () => {
    const first = rankingPageResponseSchema.parse(await apiGet('/api/golf/ranking/yearly?perPage=50'));
    const me = rankingPageResponseSchema.parse(await apiGet('/api/golf/ranking/yearly?perPage=50&page=2'))
      .rankings[0]!;
    const { token } = await signLocalAccessToken({ sub: me.user_id });
    const session = await newPage(browser());
    const { page } = session;
    await session.context.addCookies([{ name: 'token', value: token, url: baseUrl() }]);

    await page.goto('/ranking/yearly');
    await page.getByTestId('ranking-row').first().waitFor();
    expect(await page.locator('.title-bar__title').innerText()).toBe('年間ランキング');
    expect(await page.getByTestId('ranking-row').first().innerText()).toContain(
      first.rankings[0]!.display_value,
    );
    await page.getByTestId('my-rank').waitFor();
    await page.getByRole('button', { name: '自分の順位へ' }).click();
    await page.locator('tr[data-mine="true"]').waitFor();
    await page.getByRole('button', { name: '前へ' }).click();
    await page.locator('.pager__status', { hasText: /^1 \// }).waitFor();
    await closeChecked(session);
  });
});
