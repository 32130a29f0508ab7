import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { RoundField } from '@golf/shared/schemas/game';
import { resetConfig } from '../../functions/src/lib/config';
import { seriousViolations } from './support/axe';
import {
  apiGet,
  baseUrl,
  connectBrowser,
  newPage,
  waitForPath,
  type BrowserSession,
} from './support/browser';
import { createPlayer } from './support/users';

for (const [name, value] of Object.entries(inject('stackEnv'))) process.env[name] = value;
resetConfig();

const roundPath = '/schedule/round/4';
const aiTypes = ['condition', 'stability', 'chance'] as const;

let browser: Browser;
let session: BrowserSession;
let page: Page;
let token: string;
let field: RoundField;

beforeAll(async () => {
  browser = await connectBrowser();
  // A registered player: the guards send a token without a user to /login.
  ({ token } = await createPlayer(`e2e-game-${Date.now()}`));
  field = await apiGet<RoundField>('/api/golf/round/4/field');
});

afterAll(async () => {
  await browser?.close();
});

beforeEach(async () => {
  session = await newPage(browser);
  page = session.page;
  await session.context.addCookies([{ name: 'token', value: token, url: baseUrl() }]);
});

afterEach(async () => {
  const errors = session.pageErrors.map((error) => error.message);
  await session.close();
  expect(errors).toEqual([]);
});

const slot = (draft: number) => page.getByTestId(`slot-${draft}`);
const filledSlot = (draft: number) => page.locator(`[data-testid="slot-${draft}"][data-filled="true"]`);
const emptySlot = (draft: number) => page.locator(`[data-testid="slot-${draft}"][data-filled="false"]`);

async function pickFrom(mode: 'easy' | 'advanced', draft: number, index: number): Promise<string> {
  await emptySlot(draft).waitFor();
  await slot(draft)
    .getByRole('link', { name: mode === 'easy' ? 'かんたん' : 'アドバンス' })
    .click();
  await waitForPath(page, `${roundPath}/draft/${draft}/${mode}`);
  const cards = page.getByTestId(mode === 'easy' ? 'indicator-card' : 'field-player');
  await cards.nth(index).click();
  const name = page.getByTestId('player-name');
  await name.waitFor();
  const chosen = await name.innerText();
  await page.getByRole('button', { name: '選択する' }).click();
  await waitForPath(page, roundPath);
  await filledSlot(draft).waitFor();
  return chosen;
}

async function clearTeam(): Promise<void> {
  for (const draft of [1, 2, 3, 4]) {
    await filledSlot(draft).waitFor();
    await slot(draft).getByRole('button', { name: '外す' }).click();
    await emptySlot(draft).waitFor();
  }
}

describe('round 4 team', () => {
  it('picks a full team in the easy mode, then in the advanced mode', async () => {
    await page.goto(roundPath);
    await slot(1).waitFor();
    expect(await page.locator('.title-bar__title').innerText()).toBe('ラウンド 4');
    expect(await page.getByRole('timer').isVisible()).toBe(true);

    const easy: string[] = [];
    for (const draft of [1, 2, 3, 4]) easy.push(await pickFrom('easy', draft, draft - 1));
    for (const [index, name] of easy.entries()) {
      expect(await slot(index + 1).innerText()).toContain(name);
      expect(await slot(index + 1).innerText()).not.toContain('(AUTO)');
    }

    await clearTeam();
    const advanced: string[] = [];
    for (const draft of [1, 2, 3, 4]) advanced.push(await pickFrom('advanced', draft, draft + 3));
    for (const [index, name] of advanced.entries()) {
      expect(await slot(index + 1).innerText()).toContain(name);
    }
  });

  it('saves the AI team of each type', async () => {
    for (const type of aiTypes) {
      await page.goto(`${roundPath}/draft/auto/${type}`);
      const players = page.getByTestId('ai-player');
      await players.nth(3).waitFor();
      const names = await players.locator('.slot__name').allInnerTexts();
      expect(names).toHaveLength(4);
      await page.getByRole('button', { name: 'このチームで決定' }).click();
      await waitForPath(page, roundPath);
      for (const [index, name] of names.entries()) {
        await page.locator(`[data-testid="slot-${index + 1}"]:has-text("${name}")`).waitFor();
        expect(await slot(index + 1).innerText()).toContain('(AUTO)');
      }
    }
  });

  it('a save refused for the deadline refreshes the round: 受付中, the countdown and 外す go without a reload', async () => {
    await page.goto(`${roundPath}/draft/auto/chance`);
    await page.getByTestId('ai-player').nth(3).waitFor();
    await page.getByRole('button', { name: 'このチームで決定' }).click();
    await waitForPath(page, roundPath);
    await filledSlot(4).waitFor();
    expect(await page.getByText('受付中', { exact: true }).isVisible()).toBe(true);

    // From here the round is closed, as a deadline the operator forced would close it.
    await page.route('**/api/golf/round/4/draft/*', (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'deadline_passed', message: '締め切りを過ぎています。' }),
      }),
    );
    await page.route(/\/api\/golf\/round\/4(\?.*)?$/, async (route) => {
      const response = await route.fetch();
      const view = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: { ...view, is_open: false } });
    });
    await slot(1).getByRole('button', { name: '外す' }).click();
    await page.getByText('締切済み', { exact: true }).waitFor();
    expect(await page.getByText('受付中', { exact: true }).count()).toBe(0);
    expect(await page.getByRole('timer').count()).toBe(0);
    expect(await page.getByRole('button', { name: '外す' }).count()).toBe(0);
    await page.unrouteAll();
  });

  it('変更 goes straight to choosing a replacement; golfers on the team show as such and cannot be chosen; undo keeps (AUTO)', async () => {
    await page.goto(`${roundPath}/draft/auto/condition`);
    await page.getByTestId('ai-player').nth(3).waitFor();
    await page.getByRole('button', { name: 'このチームで決定' }).click();
    await waitForPath(page, roundPath);
    await filledSlot(4).waitFor();

    await slot(2).getByRole('link', { name: '変更' }).click();
    await waitForPath(page, `${roundPath}/draft/2/easy`);
    const cards = page.getByTestId('indicator-card');
    await cards.first().waitFor();
    const onTeam = cards.filter({ hasText: 'ドラフト1で選択中' });
    expect(await onTeam.count()).toBe(1);
    await onTeam.click();
    await page.getByTestId('already-picked').waitFor();
    expect(await page.getByTestId('already-picked').innerText()).toContain('ドラフト1');
    expect(await page.getByRole('button', { name: '選択する' }).count()).toBe(0);

    await page.goBack();
    await waitForPath(page, `${roundPath}/draft/2/easy`);
    await cards.first().waitFor();
    const free = cards.filter({ hasNotText: '選択中' }).first();
    const replacement = await free.locator('.player-row__name').innerText();
    await free.click();
    await page.getByRole('button', { name: '選択する' }).click();
    await waitForPath(page, roundPath);
    await page.locator(`[data-testid="slot-2"]:has-text("${replacement}")`).waitFor();
    expect(await slot(2).innerText()).not.toContain('(AUTO)');

    await slot(3).getByRole('button', { name: '外す' }).click();
    await emptySlot(3).waitFor();
    await page.getByRole('button', { name: '元に戻す' }).click();
    await filledSlot(3).waitFor();
    expect(await slot(3).innerText()).toContain('(AUTO)');
  });

  it('shows 外す at a readable contrast, and undoes a removal', async () => {
    await page.goto(roundPath);
    await filledSlot(2).waitFor();
    const name = await slot(2).locator('.slot__name').innerText();
    const remove = slot(2).getByRole('button', { name: '外す' });
    expect(await seriousViolations(page, '[data-testid="slot-2"]')).toEqual([]);

    await remove.click();
    await emptySlot(2).waitFor();
    // A team of 3 before the deadline is not being counted: no 集計中.
    expect(await page.getByTestId('team-score').innerText()).toBe('-');
    const undoBar = page.getByRole('status').filter({ hasText: 'から外しました' });
    expect(await undoBar.innerText()).toContain(name.replace('(AUTO)', '').trim());
    await undoBar.getByRole('button', { name: '元に戻す' }).click();
    await filledSlot(2).waitFor();
    expect(await slot(2).innerText()).toContain(name.replace('(AUTO)', '').trim());
    await undoBar.waitFor({ state: 'detached' });
  });

  it('compares two players and shows a radar chart', async () => {
    const [first, second] = field.players.filter((player) => player.eligible);
    if (!first || !second) throw new Error('the sample field has fewer than two eligible players');

    await page.goto(`${roundPath}/draft/1/easy/compare?p1=${first.player_id}&p2=${second.player_id}`);
    const table = page.getByTestId('compare-table');
    await table.waitFor();
    const header = await table.locator('thead').innerText();
    expect(header).toContain(first.name);
    expect(header).toContain(second.name);
    expect(await page.locator('svg.radar polygon.radar__area').count()).toBe(2);

    await page.goto(`${roundPath}/draft/1/easy/indicator?player=${second.player_id}`);
    const radar = page.getByTestId('radar');
    await radar.waitFor();
    expect(await radar.locator('.card-title').innerText()).toBe(second.name);
    expect(await page.locator('.title-bar__title').innerText()).toBe('レーダーチャート');
    expect(await radar.locator('polygon.radar__area').count()).toBe(1);
  });
});
