import { describe, expect, it } from 'vitest';
import { formatYen } from '@golf/shared/game/format';
import type { PrizeOption } from '@golf/shared/schemas/prize';
import { apiGet, closeChecked, newPage, useBrowser, waitForPath } from './support/browser';

const browser = useBrowser();

describe('prizes', () => {
  it('lists each kind of prize to a visitor and opens one', async () => {
    const yearly = await apiGet<PrizeOption[]>('/api/golf/master/yearly_ranking_prize');
    const session = await newPage(browser());
    const { page } = session;

    await page.goto('/prize');
    expect(await page.locator('.title-bar__title').innerText()).toBe('賞品一覧');
    await page.getByTestId('prize-card').first().waitFor();
    expect(await page.getByTestId('prize-card').first().innerText()).toContain('1位');

    await page.getByRole('link', { name: 'エントリー賞品' }).click();
    await page.locator('[data-testid="prize-card"]:has-text("抽選")').first().waitFor();

    await page.getByRole('link', { name: '年間賞品' }).click();
    await page.locator(`[data-testid="prize-card"]:has-text("${yearly[0]!.name}")`).waitFor();
    expect(new URL(page.url()).searchParams.get('tab')).toBe('yearly');
    await page.getByTestId('prize-card').first().click();

    await waitForPath(page, `/prize/yearly/${yearly[0]!.id}`);
    const detail = page.getByTestId('prize-detail');
    await detail.waitFor();
    expect(await detail.innerText()).toContain(yearly[0]!.name);
    expect(await detail.innerText()).toContain(`${formatYen(yearly[0]!.value_yen)}相当`);
    await page.getByRole('link', { name: '年間ランキングを見る' }).waitFor();
    await closeChecked(session);
  });

  it('opens game and entry prize pages directly, and says so when a prize does not exist', async () => {
    const [game] = await apiGet<PrizeOption[]>('/api/golf/master/game_prize');
    const [entry] = await apiGet<PrizeOption[]>('/api/golf/master/entry_prize');
    const session = await newPage(browser());
    const { page } = session;

    await page.goto(`/prize/game/${game!.id}`);
    expect(await page.getByTestId('prize-detail').innerText()).toContain('対象の大会');
    await page.goto(`/prize/entry/${entry!.id}`);
    expect(await page.getByTestId('prize-detail').innerText()).toContain('抽選');
    await page.goto('/prize/game/no-such-prize');
    await page.getByText('この賞品は見つかりませんでした').waitFor();
    await closeChecked(session);
  });
});
