import type { Page } from 'playwright-core';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { currentTournament } from '@golf/shared/schedule/derive-schedule';
import type { Schedule } from '@golf/shared/schemas/schedule';
import { apiGet, closeChecked, newPage, useBrowser, type BrowserSession } from './support/browser';

const browser = useBrowser();
let session: BrowserSession;
let page: Page;
let schedules: Schedule[];
let featured: Schedule;

beforeAll(async () => {
  schedules = await apiGet<Schedule[]>('/api/golf/master/schedule');
  featured = currentTournament(schedules)!;
});

beforeEach(async () => {
  session = await newPage(browser());
  page = session.page;
});

afterEach(() => closeChecked(session));

/** The schedule answer as it will be once the featured tournament's round 4 is final. */
function afterTheLastRound(next: Schedule | null): Schedule[] {
  const ended: Schedule = {
    ...featured,
    status: 'finished',
    current_round: 4,
    rounds: featured.rounds.map((round) => ({
      ...round,
      status: round.status === 'cancelled' ? 'cancelled' : 'final',
    })),
  };
  return [...schedules.filter((s) => s.status === 'finished'), ended, ...(next ? [next] : [])];
}

async function answerSchedule(answer: Schedule[]) {
  await page.route('**/api/golf/master/schedule', (route) => route.fulfill({ json: answer }));
}

describe('the state a tournament is really in', () => {
  it('an ended tournament no longer offers a team: the home page shows it as 終了 with its results', async () => {
    await answerSchedule(afterTheLastRound(null));
    await page.goto('/');
    const card = page.getByRole('article', { name: featured.tournament_name });
    await card.waitFor();
    expect(await card.innerText()).toContain('終了');
    expect(await card.innerText()).not.toContain('開催中');
    expect(await card.getByRole('link', { name: 'チームを編成する' }).count()).toBe(0);
    expect(await card.getByRole('link', { name: '大会の結果' }).isVisible()).toBe(true);
    expect(await card.innerText()).toContain('次の大会が決まりしだいお知らせします');
  });

  it('points to the next tournament when one ends', async () => {
    const next: Schedule = {
      ...featured,
      game_global_id: 'next-open',
      value: 'next-open',
      tournament_name: '次の大会オープン',
      status: 'upcoming',
      current_round: 1,
      tournament_start_on: '2099-01-01',
      rounds: featured.rounds.map((round) => ({
        ...round,
        status: 'scheduled',
        deadline_at: `2099-01-0${round.round}T00:00:00.000Z`,
        deadline_note: null,
      })),
    };
    await answerSchedule(afterTheLastRound(next));
    await page.goto('/');
    await page.getByRole('heading', { name: '次の大会', exact: true }).waitFor();
    const card = page.getByRole('article', { name: '次の大会オープン' });
    expect(await card.getByRole('link', { name: 'チームを編成する' }).getAttribute('href')).toBe(
      '/schedule/round/1',
    );
  });
});
