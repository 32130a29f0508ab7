import { screen, waitFor } from '@testing-library/dom';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { RankingPageResponse } from '@golf/shared/schemas/ranking';
import { apiGet, openApp } from './render-app';
import { screenPlayers, type ScreenPlayer } from './players';
import { apiAs } from './support/api';

/**
 * The ranking pages (personal, guild, yearly, quiz) of the sample season as sample users see them:
 * rounds, types, pages, the jump to a rank and the player's own row pinned. How the pinned rank
 * wraps on a narrow phone and that the jump scrolls to the row are checked in a browser
 * (tests/e2e/community.test.ts).
 */
const user = () => userEvent.setup();
const rows = () => screen.queryAllByTestId('ranking-row');
const currentRound = () => document.querySelector('.round-tabs [aria-current="page"]')?.textContent;
const pagerStatus = () => document.querySelector('.pager__status')?.textContent ?? '';
const mineRow = () => document.querySelector('tr[data-mine="true"]');
const titleBar = () => document.querySelector('.title-bar__title')?.textContent;

/** The sample user a player of the suite signs in as. */
const sampleUser = (player: ScreenPlayer) => (screenPlayers[player] as { sampleUser?: string }).sampleUser!;

/** The player's row in the ranking at `path`, 50 a page, and the page it is on. */
async function ownRow(player: ScreenPlayer, path: string) {
  for (let page = 1; ; page += 1) {
    const answer = await apiGet<RankingPageResponse>(`${path}?perPage=50&page=${page}`);
    const row = answer.rankings.find((r) => r.user_id === sampleUser(player));
    if (row) return { row, page, answer };
    if (page >= answer.last_page) throw new Error(`${sampleUser(player)} is not ranked at ${path}`);
  }
}

async function jumpToRank(rank: number) {
  const field = screen.getByRole('spinbutton', { name: '順位を指定' });
  await user().clear(field);
  await user().type(field, String(rank));
  await user().click(screen.getByRole('button', { name: '移動' }));
}

describe('/ranking/golf/personal', () => {
  it('switches round and type, pages, jumps to a rank, and pins my own rank', async () => {
    const { answer, page, row: me } = await ownRow('rankedPlayer', '/api/golf/ranking');
    expect(page, 'the sample player ranks on the second page').toBe(2);

    await openApp('/ranking/golf/personal', { as: 'rankedPlayer' });
    await waitFor(() => expect(rows()).toHaveLength(50));
    expect(currentRound()).toBe(`R${answer.active_round}`);
    await waitFor(() => expect(screen.getByTestId('my-rank').textContent).toContain(`${me.rank}位`));

    await user().click(screen.getByRole('button', { name: '自分の順位へ' }));
    await waitFor(() => expect(mineRow()).not.toBeNull());
    expect(pagerStatus()).toMatch(/^2 \//);

    await user().click(screen.getByRole('button', { name: '次へ' }));
    await waitFor(() => expect(pagerStatus()).toMatch(/^3 \//));

    await user().click(screen.getByRole('link', { name: 'R1' }));
    await waitFor(() => expect(currentRound()).toBe('R1'));
    await screen.findByText('確定', { exact: true });

    await user().selectOptions(screen.getByRole('combobox', { name: 'ランキングの種類' }), '打率');
    await waitFor(() =>
      expect([...document.querySelectorAll('th')].some((th) => th.textContent?.includes('打率'))).toBe(true),
    );
    await waitFor(() =>
      expect(rows()[0]?.querySelector('.ranking-table__value')?.textContent).toMatch(/^(\.\d{3}|1\.000)$/),
    );

    await jumpToRank(120);
    await waitFor(() => expect(pagerStatus()).toMatch(/^3 \//));
  });
});

describe('/ranking/guild', () => {
  it('switches between all, total and member, and shows my guild and me', async () => {
    const top = (await apiGet<RankingPageResponse>('/api/golf/ranking/guild')).rankings[0]!;
    const members = await apiAs<{ members: Array<{ user_id: string }> }>(
      'player',
      'GET',
      `/api/golf/guild/${top.guild_id}/member`,
    );
    expect(
      members.members.map((m) => m.user_id),
      'the sample player is in the top guild',
    ).toContain(sampleUser('topGuildMember'));

    await openApp('/ranking/guild', { as: 'topGuildMember' });
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    expect(titleBar()).toBe('ギルドランキング');
    await waitFor(() => expect(mineRow()?.textContent).toContain(top.nickname));

    await user().click(screen.getByRole('link', { name: '合計' }));
    await screen.findByText('上位4人のスコアの合計で競います', { exact: false });

    await user().click(screen.getByRole('link', { name: 'メンバー' }));
    await waitFor(() => expect(mineRow()).not.toBeNull());
    await waitFor(() =>
      expect(
        [...document.querySelectorAll('th')].some((th) => th.textContent?.includes('ニックネーム')),
      ).toBe(true),
    );

    await user().click(screen.getByRole('link', { name: 'R1' }));
    await waitFor(() => expect(currentRound()).toBe('R1'));
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
  });
});

describe('/ranking/yearly', () => {
  it('lists the yearly points, pins my row, jumps to it and pages', async () => {
    const first = await apiGet<RankingPageResponse>('/api/golf/ranking/yearly?perPage=50');
    const { page } = await ownRow('yearlyPlayer', '/api/golf/ranking/yearly');
    expect(page, 'the sample player ranks on the second page of the year').toBe(2);

    await openApp('/ranking/yearly', { as: 'yearlyPlayer' });
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    expect(titleBar()).toBe('年間ランキング');
    expect(rows()[0]!.textContent).toContain(first.rankings[0]!.display_value);
    await screen.findByTestId('my-rank');
    await user().click(screen.getByRole('button', { name: '自分の順位へ' }));
    await waitFor(() => expect(mineRow()).not.toBeNull());
    expect(pagerStatus()).toMatch(/^2 \//);
    await user().click(screen.getByRole('button', { name: '前へ' }));
    await waitFor(() => expect(pagerStatus()).toMatch(/^1 \//));
  });
});

describe('/ranking/golf_q', () => {
  it('opens on the open round (its ranks shown once its quiz closes), switches round, pages, jumps to a rank and pins my row', async () => {
    const round1 = await apiGet<RankingPageResponse>('/api/golf/ranking/quiz?round=1');
    const me = round1.rankings.find((row) => row.user_id === sampleUser('quizRanked'));
    expect(me, 'the sample player ranks on the first page of the quiz').toBeDefined();

    await openApp('/ranking/golf_q', { as: 'quizRanked' });
    await screen.findByText('第4ラウンドのクイズの順位は、受付が終わった後に発表します');
    expect(currentRound()).toBe('R4');
    expect(rows()).toHaveLength(0);
    await screen.findByText('受付中', { exact: true });

    await user().click(screen.getByRole('link', { name: 'R1' }));
    await waitFor(() => expect(currentRound()).toBe('R1'));
    await screen.findByText('確定', { exact: true });
    await waitFor(() => expect(rows()).toHaveLength(100));
    expect(rows()[0]!.querySelector('.ranking-table__value')?.textContent).toMatch(/^\d問正解 \d+\.\d秒$/);
    await waitFor(() => expect(screen.getByTestId('my-rank').textContent).toContain(`${me!.rank}位`));
    expect(document.querySelectorAll('tr[data-mine="true"]')).toHaveLength(1);

    await user().click(screen.getByRole('button', { name: '次へ' }));
    await waitFor(() => expect(pagerStatus()).toMatch(/^2 \//));
    await jumpToRank(5);
    await waitFor(() => expect(pagerStatus()).toMatch(/^1 \//));
  });
});
