import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { currentTournament } from '@golf/shared/schedule/derive-schedule';
import type { Schedule, TournamentScore } from '@golf/shared/schemas/schedule';
import {
  apiGet,
  baseUrl,
  connectBrowser,
  newPage,
  waitForPath,
  type BrowserSession,
} from './support/browser';

const notFoundText = 'お探しのページが見つかりませんでした。';
const menuLabels = [
  '遊び方',
  'ランキング',
  'ギルドランキング',
  'よくある質問',
  'プライバシーポリシー',
  'お問い合わせ',
  '退会',
  '利用規約',
  '運営会社',
  'ログイン',
];

let browser: Browser;
let session: BrowserSession;
let page: Page;
let featured: Schedule;

beforeAll(async () => {
  browser = await connectBrowser();
  const found = currentTournament(await apiGet<Schedule[]>('/api/golf/master/schedule'));
  if (!found) throw new Error('the sample season has no tournament');
  featured = found;
});

afterAll(async () => {
  await browser?.close();
});

beforeEach(async () => {
  session = await newPage(browser);
  page = session.page;
});

afterEach(async () => {
  const errors = session.pageErrors.map((error) => error.message);
  await session.close();
  expect(errors).toEqual([]);
});

const footerNav = () => page.getByRole('navigation', { name: 'フッターナビゲーション' });
const titleBar = () => page.locator('.title-bar__title');
const backButton = () => page.getByRole('link', { name: '戻る' });

describe('top page', () => {
  it('features the current tournament with its rounds and the ways in', async () => {
    await page.goto('/');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('ja');
    const name = page.getByTestId('tournament-name');
    await name.waitFor();
    expect(await name.innerText()).toBe(featured.tournament_name);
    expect(await page.getByText(featured.venue).first().isVisible()).toBe(true);
    expect(await page.locator('.round-deadlines__row').count()).toBe(featured.rounds.length);
    expect(await page.locator('.round-deadlines time').first().innerText()).toMatch(
      /^\d{1,2}\/\d{1,2}\([日月火水木金土]\) \d{1,2}:\d{2} 締切$/,
    );
    const teamLink = page.getByRole('link', { name: 'チームを編成する' });
    expect(await teamLink.getAttribute('href')).toBe(
      `/schedule/round/${Math.max(featured.current_round, 1)}`,
    );
    expect(await page.getByRole('link', { name: 'リーダーボード' }).getAttribute('href')).toBe(
      '/schedule/score',
    );
    for (const href of ['/ranking/golf/personal', '/quiz', '/guild', '/howto', '/topics']) {
      expect(await page.locator(`main a[href="${href}"]`).count(), href).toBeGreaterThan(0);
    }
    // A visitor is invited to register.
    expect(await page.locator('main').getByRole('link', { name: '無料で新規登録' }).isVisible()).toBe(true);
  });
});

describe('game top', () => {
  it('lists the four rounds with their state and links', async () => {
    await page.goto('/gametop');
    await page.locator('.round-card').first().waitFor();
    expect(await titleBar().innerText()).toBe('ゲームトップ');
    expect(await page.getByTestId('tournament-name').innerText()).toBe(featured.tournament_name);
    const cards = page.locator('.round-card');
    expect(await cards.count()).toBe(4);
    for (let round = 1; round <= 4; round++) {
      const card = cards.nth(round - 1);
      expect(await card.locator('a').getAttribute('href')).toBe(`/schedule/round/${round}`);
      expect(['受付中', '締切済み', '速報', '確定', '中止']).toContain(
        await card.locator('.badge').innerText(),
      );
    }
    expect(await page.locator('main a[href="/schedule/score"]').count()).toBe(1);
  });
});

describe('leaderboard', () => {
  it('shows the current tournament, and another one when chosen', async () => {
    const score = await apiGet<TournamentScore>('/api/golf/schedule/score');
    await page.goto('/schedule/score');
    const rows = page.getByTestId('leaderboard-row');
    await rows.first().waitFor();
    expect(await titleBar().innerText()).toBe('リーダーボード');
    expect(await rows.count()).toBe(score.leaderboard.length);
    const leader = score.leaderboard[0]!;
    expect(await rows.first().locator('.leaderboard__name').innerText()).toBe(leader.name);
    expect(await rows.first().locator('.leaderboard__total strong').innerText()).toMatch(/^([+-]\d+|E|-)$/);
    expect(await page.locator('.tournament-summary .badge', { hasText: '速報' }).count()).toBe(
      score.is_provisional ? 1 : 0,
    );
    for (const status of ['cut', 'wd', 'dq'] as const) {
      const label = { cut: '予選落ち', wd: '棄権', dq: '失格' }[status];
      const expected = score.leaderboard.filter((row) => row.status === status).length;
      expect(await page.locator(`[data-status="${status}"] .badge`, { hasText: label }).count(), status).toBe(
        expected,
      );
    }

    const other = (await apiGet<Schedule[]>('/api/golf/master/schedule')).find(
      (schedule) =>
        schedule.game_global_id !== score.schedule.game_global_id && schedule.status === 'finished',
    );
    if (!other) throw new Error('the sample season has no finished tournament');
    await page.getByLabel('大会を選択').selectOption(other.game_global_id);
    await page.waitForURL((url) => url.searchParams.get('game_global_id') === other.game_global_id);
    await page.getByTestId('tournament-name').filter({ hasText: other.tournament_name }).waitFor();
    expect(await rows.count()).toBeGreaterThan(0);
  });
});

describe('loading bar', () => {
  it('runs while a page waits for its data, and goes away after', async () => {
    await page.goto('/');
    await page.getByTestId('tournament-name').waitFor();
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/golf/schedule/score**', async (route) => {
      await released;
      await route.continue();
    });
    await page.getByRole('link', { name: 'リーダーボード' }).click();
    await page.locator('.loading-bar[data-phase="running"]').waitFor();
    release();
    await page.getByTestId('leaderboard-row').first().waitFor();
    await page.locator('.loading-bar[data-phase="idle"]').waitFor({ state: 'attached' });
  });
});

describe('errors', () => {
  it('shows the 404 page for an unknown path, with a way home', async () => {
    await page.goto('/no/such/page');
    await page.getByText(notFoundText).waitFor();
    await page.getByRole('link', { name: 'ホームへ戻る' }).click();
    await waitForPath(page, '/');
    await page.getByTestId('tournament-name').waitFor();
  });

  it('shows the 404 page when the API answers 404', async () => {
    await page.goto('/schedule/score?game_global_id=no-such-tournament');
    await page.getByText(notFoundText).waitFor();
    expect(await page.locator('.title-bar').count()).toBe(0);
  });
});

describe('server trouble', () => {
  const failWith = (status: number, code: string) =>
    page.route('**/api/golf/master/schedule', (route) =>
      route.fulfill({
        status,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'x', code }),
      }),
    );

  it('says access is congested on 503', async () => {
    await failWith(503, 'service_unavailable');
    await page.goto('/gametop');
    await page.getByText('現在アクセスが集中しています。時間を置いて、再度ご確認ください。').waitFor();
    expect(await page.locator('.title-bar').count()).toBe(0);
  });

  it('says data is being updated on any other failure', async () => {
    await failWith(500, 'internal');
    await page.goto('/gametop');
    await page.getByText('現在データを更新中です。約1～2時間を予定しております。').waitFor();
  });

  it('tells the player when the connection is lost', async () => {
    await page.goto('/');
    await page.getByTestId('tournament-name').waitFor();
    const banner = page.getByText('オフラインです。通信環境をご確認ください。');
    expect(await banner.count()).toBe(0);
    await session.context.setOffline(true);
    await banner.waitFor();
    await session.context.setOffline(false);
    await banner.waitFor({ state: 'detached' });
  });
});

describe('signed-in player', () => {
  const token = 'e2e-token';
  let authorizations: Array<string | undefined>;

  beforeEach(async () => {
    authorizations = [];
    await session.context.addCookies([{ name: 'token', value: token, url: baseUrl() }]);
    await page.route('**/api/user/me', (route) => {
      authorizations.push(route.request().headers()['authorization']);
      return route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          nickname: 'テスト',
          status: 'complete',
          is_accepted_policy: true,
          is_registed_email: true,
        }),
      });
    });
  });

  it('sees a logout entry and a scroll-to-top button instead of the register invitations', async () => {
    await page.goto('/');
    await page.getByTestId('tournament-name').waitFor();
    expect(authorizations).toEqual([`Bearer ${token}`]);
    expect(await page.locator('header').getByRole('link', { name: 'ログイン・登録' }).count()).toBe(0);
    expect(await page.locator('footer').getByRole('link', { name: '新規登録' }).count()).toBe(0);
    await page.getByRole('button', { name: 'メニュー', exact: true }).click();
    const menu = page.getByRole('navigation', { name: 'メニュー' });
    await menu.getByRole('link', { name: 'ログアウト' }).waitFor();
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });

    const scrollTop = page.getByRole('button', { name: 'ページの先頭へ戻る' });
    expect(await scrollTop.getAttribute('data-shown')).toBe('false');
    await page.evaluate('window.scrollTo(0, 400)');
    await page.locator('.scroll-top[data-shown="true"]').waitFor();
    await scrollTop.click();
    await expect.poll(() => page.evaluate('window.scrollY')).toBe(0);
  });

  it('keeps the scroll-to-top button off a form’s submit button', async () => {
    await page.setViewportSize({ width: 375, height: 480 });
    await page.goto('/contact');
    await page.locator('form button[type="submit"]').waitFor();
    // Scroll until the submit button sits where the scroll-to-top button is.
    await page.evaluate(`(() => {
      const submit = document.querySelector('form button[type="submit"]').getBoundingClientRect();
      const button = document.querySelector('.scroll-top').getBoundingClientRect();
      window.scrollBy(0, submit.top + submit.height / 2 - (button.top + button.height / 2));
    })()`);
    await page.waitForFunction('window.scrollY > 100');
    await page.locator('.scroll-top[data-shown="false"]').waitFor();
    const hit = await page.evaluate(`(() => {
      const button = document.querySelector('.scroll-top').getBoundingClientRect();
      const under = document.elementFromPoint(button.left + button.width / 2, button.top + button.height / 2);
      return Boolean(under && under.closest('button[type="submit"]'));
    })()`);
    expect(hit).toBe(true);
  });

  it('is logged out and sent to the login page when the API answers 401', async () => {
    await page.route('**/api/golf/schedule/score**', (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'ログインが必要です。', code: 'unauthenticated' }),
      }),
    );
    await page.goto('/schedule/score');
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('token') === 'invalid');
    const cookies = await session.context.cookies();
    expect(cookies.filter((cookie) => cookie.name === 'token')).toEqual([]);
    await page.getByRole('button', { name: 'メニュー', exact: true }).click();
    await page
      .getByRole('navigation', { name: 'メニュー' })
      .getByRole('link', { name: 'ログイン' })
      .waitFor();
  });
});

describe('header menu', () => {
  it('opens with its entries and closes with Escape', async () => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'メニュー', exact: true });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    const menu = page.getByRole('navigation', { name: 'メニュー' });
    await menu.waitFor({ state: 'visible' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await menu.getByRole('listitem').allInnerTexts()).toEqual(menuLabels);
    expect(await menu.getByRole('link', { name: 'ログイン' }).getAttribute('href')).toBe('/login');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
  });
});

describe('footer', () => {
  it('shows its navigation, except on the login, register and reset paths', async () => {
    await page.goto('/');
    await footerNav().waitFor();
    expect(await footerNav().getByRole('listitem').allInnerTexts()).toEqual([
      'ホーム',
      'マイページ',
      'ギルド',
      '個人ランキング',
      '賞品一覧',
    ]);
    expect(await page.locator('footer').getByRole('link', { name: '新規登録' }).isVisible()).toBe(true);
    expect(await page.locator('footer').innerText()).toContain(`© ${new Date().getFullYear()}`);

    for (const path of ['/login', '/register/mail', '/reset-password']) {
      await page.goto(path);
      await page.locator('footer').waitFor();
      expect(await footerNav().count(), path).toBe(0);
    }
  });
});

describe('title bar back button', () => {
  it('takes a dynamic page back to the page before it', async () => {
    await page.goto('/');
    await page.getByRole('link', { name: 'リーダーボード' }).click();
    await waitForPath(page, '/schedule/score');
    await page.getByTestId('leaderboard-row').first().waitFor();
    await backButton().click();
    await waitForPath(page, '/');
    await page.getByTestId('tournament-name').waitFor();
  });

  it('takes a static page to its parent, whatever came before', async () => {
    await page.goto('/schedule/score');
    await page.getByTestId('leaderboard-row').first().waitFor();
    await page.locator('main a[href="/gametop"]').click();
    await waitForPath(page, '/gametop');
    await page.locator('.round-card').first().waitFor();
    expect(await backButton().getAttribute('href')).toBe('/');
    await backButton().click();
    await waitForPath(page, '/');
  });

  it('sends a dynamic page opened first to its parent', async () => {
    await page.goto('/schedule/score');
    await page.getByTestId('leaderboard-row').first().waitFor();
    await backButton().click();
    await waitForPath(page, '/gametop');
  });
});
