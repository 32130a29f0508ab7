/**
 * `/early-data.js` asks for the first public answers of the leaderboard and the ranking before the
 * app has loaded; the app must take exactly those answers instead of asking again. A URL there that
 * drifts from what the page's loader asks for (a new query parameter, another default) would be
 * a wasted call on every cold visit: here it leaves an untaken answer and a second call.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Schedule } from '@golf/shared/schemas/schedule';
import { apiGet, baseUrl, closeChecked, newPage, useBrowser } from './support/browser';
import { createPlayer } from './support/users';

const browser = useBrowser();

/** The API URLs the page asks for while it loads, in order, and the early answers left untaken. */
async function coldVisit(page: Page, path: string, ready: string) {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) calls.push(url.pathname + url.search);
  });
  await page.goto(path);
  await page.locator(ready).first().waitFor();
  await page.waitForLoadState('networkidle');
  const untaken = (await page.evaluate(
    `Object.keys(window.__EARLY_DATA__ ?? { missing: true })`,
  )) as string[];
  return { calls, untaken };
}

describe('answers asked for before the app runs', () => {
  it('are the ones the leaderboard and the ranking take, each asked for once', async () => {
    const schedules = await apiGet<Schedule[]>('/api/golf/master/schedule');
    const past = schedules.find((schedule) => schedule.status === 'finished')!;
    const { token } = await createPlayer('early-data-player');
    const visits = [
      ['/schedule/score', '.tournament-summary__name', null],
      [`/schedule/score?game_global_id=${past.game_global_id}`, '.tournament-summary__name', null],
      ['/schedule/score', '.tournament-summary__name', token],
      ['/ranking/golf/personal', '.ranking-controls', token],
      ['/ranking/golf/personal?round=2&type=3&page=2', '.ranking-controls', token],
      ['/ranking/golf/personal?rank=5&type=9', '.ranking-controls', token],
    ] as const;
    for (const [path, ready, signedIn] of visits) {
      const session = await newPage(browser());
      if (signedIn) await session.context.addCookies([{ name: 'token', value: signedIn, url: baseUrl() }]);
      const { calls, untaken } = await coldVisit(session.page, path, ready);
      expect(untaken, path).toEqual([]);
      expect(new Set(calls).size, `${path}: ${calls.join(', ')}`).toBe(calls.length);
      await closeChecked(session);
    }
  });

  it('are not asked for on other pages, nor for a page a visitor cannot open', async () => {
    for (const [path, ready] of [
      ['/', 'h1'],
      ['/ranking/golf/personal', '#login-email, input[type=email]'],
    ] as const) {
      const session = await newPage(browser());
      const { untaken } = await coldVisit(session.page, path, ready);
      expect(untaken, path).toEqual(['missing']);
      await closeChecked(session);
    }
  });
});
