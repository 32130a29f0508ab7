import { screen, waitFor, within } from '@testing-library/dom';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { currentTournament } from '@golf/shared/schedule/derive-schedule';
import type { Schedule, TournamentScore } from '@golf/shared/schemas/schedule';
import {
  answerApi,
  apiGet,
  apiUrl,
  endScreenTest,
  jsonAnswer,
  networkAnswer,
  openApp,
  playerToken,
  setOffline,
  waitForPath,
} from './render-app';

/**
 * The shell every screen stands in (header, menu, footer, title bar, loading bar) and the pages it
 * shows when something goes wrong, against the sample season's API.
 */
const notFoundText = 'お探しのページが見つかりませんでした。';
const menuLabels = [
  '遊び方',
  'ランキング',
  'ギルドランキング',
  '年間ランキング',
  'クイズランキング',
  'よくある質問',
  'プライバシーポリシー',
  'お問い合わせ',
  '退会',
  '利用規約',
  '運営会社',
  'ログイン',
];

let featured: Schedule;

beforeAll(async () => {
  const found = currentTournament(await apiGet<Schedule[]>('/api/golf/master/schedule'));
  if (!found) throw new Error('the sample season has no tournament');
  featured = found;
});

const user = () => userEvent.setup();
const main = () => document.querySelector('main')!;
const titleBar = () => document.querySelector('.title-bar__title');
const footerNav = () => screen.queryByRole('navigation', { name: 'フッターナビゲーション' });
const backButton = () => screen.getByRole('link', { name: '戻る' });
const all = (selector: string) => [...document.querySelectorAll<HTMLElement>(selector)];

describe('top page', () => {
  it('features the current tournament with its rounds and the ways in', async () => {
    await openApp('/');
    const name = await screen.findByTestId('tournament-name');
    expect(name.textContent).toBe(featured.tournament_name);
    expect(screen.getAllByText(featured.venue).length).toBeGreaterThan(0);
    expect(all('.round-deadlines__row')).toHaveLength(featured.rounds.length);
    expect(all('.round-deadlines time')[0]!.textContent).toMatch(
      /^\d{1,2}\/\d{1,2}\([日月火水木金土]\) \d{1,2}:\d{2} 締切$/,
    );
    expect(screen.getByRole('link', { name: 'チームを編成する' }).getAttribute('href')).toBe(
      `/schedule/round/${Math.max(featured.current_round, 1)}`,
    );
    expect(screen.getByRole('link', { name: 'リーダーボード' }).getAttribute('href')).toBe('/schedule/score');
    for (const href of ['/ranking/golf/personal', '/quiz', '/guild', '/howto', '/topics'])
      expect(main().querySelectorAll(`a[href="${href}"]`).length, href).toBeGreaterThan(0);
    // A visitor is invited to register.
    within(main()).getByRole('link', { name: '無料で新規登録' });
  });
});

describe('game top', () => {
  it('lists the four rounds with their state and links', async () => {
    await openApp('/gametop');
    await screen.findByTestId('tournament-name');
    await waitFor(() => expect(all('.round-card')).toHaveLength(4));
    expect(titleBar()?.textContent).toBe('ゲームトップ');
    expect(screen.getByTestId('tournament-name').textContent).toBe(featured.tournament_name);
    for (const [index, card] of all('.round-card').entries()) {
      expect(card.querySelector('a')?.getAttribute('href')).toBe(`/schedule/round/${index + 1}`);
      expect(['受付中', '締切済み', '速報', '確定', '中止']).toContain(
        card.querySelector('.badge')?.textContent,
      );
    }
    expect(main().querySelectorAll('a[href="/schedule/score"]')).toHaveLength(1);
  });
});

describe('leaderboard', () => {
  it('shows the current tournament, and another one when chosen', async () => {
    const score = await apiGet<TournamentScore>('/api/golf/schedule/score');
    await openApp('/schedule/score');
    const rows = await screen.findAllByTestId('leaderboard-row');
    expect(titleBar()?.textContent).toBe('リーダーボード');
    expect(rows).toHaveLength(score.leaderboard.length);
    const leader = score.leaderboard[0]!;
    expect(rows[0]!.querySelector('.leaderboard__name')?.textContent).toBe(leader.name);
    expect(rows[0]!.querySelector('.leaderboard__total strong')?.textContent).toMatch(/^([+-]\d+|E|-)$/);
    expect(all('.tournament-summary .badge').filter((badge) => badge.textContent === '速報')).toHaveLength(
      score.is_provisional ? 1 : 0,
    );
    for (const status of ['cut', 'wd', 'dq'] as const) {
      const label = { cut: '予選落ち', wd: '棄権', dq: '失格' }[status];
      const expected = score.leaderboard.filter((row) => row.status === status).length;
      const badges = all(`[data-status="${status}"] .badge`).filter((badge) => badge.textContent === label);
      expect(badges, status).toHaveLength(expected);
    }

    const other = (await apiGet<Schedule[]>('/api/golf/master/schedule')).find(
      (schedule) =>
        schedule.game_global_id !== score.schedule.game_global_id && schedule.status === 'finished',
    );
    if (!other) throw new Error('the sample season has no finished tournament');
    await user().selectOptions(screen.getByLabelText('大会を選択'), other.game_global_id);
    await waitFor(() =>
      expect(new URL(location.href).searchParams.get('game_global_id')).toBe(other.game_global_id),
    );
    await waitFor(() =>
      expect(screen.getByTestId('tournament-name').textContent).toBe(other.tournament_name),
    );
    expect((await screen.findAllByTestId('leaderboard-row')).length).toBeGreaterThan(0);
  });
});

describe('loading bar', () => {
  it('runs while a page waits for its data, and goes away after', async () => {
    await openApp('/');
    await screen.findByTestId('tournament-name');
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    answerApi('/api/golf/schedule/score', async (request) => {
      await released;
      return networkAnswer(request);
    });
    await user().click(screen.getByRole('link', { name: 'リーダーボード' }));
    await waitFor(() => expect(document.querySelector('.loading-bar[data-phase="running"]')).not.toBeNull());
    release();
    await screen.findAllByTestId('leaderboard-row');
    await waitFor(() => expect(document.querySelector('.loading-bar[data-phase="idle"]')).not.toBeNull());
  });
});

describe('errors', () => {
  it('shows the 404 page for an unknown path, with a way home', async () => {
    await openApp('/no/such/page');
    await screen.findByText(notFoundText);
    await user().click(screen.getByRole('link', { name: 'ホームへ戻る' }));
    await waitForPath('/');
    await screen.findByTestId('tournament-name');
  });

  it('shows the 404 page when the API answers 404', async () => {
    await openApp('/schedule/score?game_global_id=no-such-tournament');
    await screen.findByText(notFoundText);
    expect(document.querySelector('.title-bar')).toBeNull();
  });

  it('fails the test of a screen that sends a field its route does not take', async () => {
    // As the app's client asks: through the harness, which notes the 422 and fails the test at its end.
    const answer = await fetch(new URL('/api/topics?page=1&per_page=5', apiUrl()));
    expect(answer.status).toBe(422);
    expect(endScreenTest).toThrow('GET /api/topics?page=1&per_page=5: per_page');
  });
});

describe('server trouble', () => {
  /**
   * The schedule fails with `status`, and the app is opened. It asks twice more before it says so
   * (frontend/src/lib/query-client.ts), 1 s and then 2 s later: the clock runs on, and is moved past
   * those 3 s instead of waiting them out.
   */
  async function openFailing(status: number, code: string) {
    let calls = 0;
    answerApi('/api/golf/master/schedule', () => {
      calls++;
      return jsonAnswer({ message: 'x', code }, status);
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await openApp('/gametop');
    await waitFor(() => expect(calls).toBe(1));
    await vi.advanceTimersByTimeAsync(1_000);
    await waitFor(() => expect(calls).toBe(2));
    await vi.advanceTimersByTimeAsync(2_000);
    await waitFor(() => expect(calls).toBe(3));
  }
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says access is congested on 503', async () => {
    await openFailing(503, 'service_unavailable');
    await screen.findByText('現在アクセスが集中しています。時間を置いて、再度ご確認ください。');
    expect(document.querySelector('.title-bar')).toBeNull();
  });

  it('says data is being updated on any other failure', async () => {
    await openFailing(500, 'internal');
    await screen.findByText('現在データを更新中です。約1～2時間を予定しております。');
  });

  it('tells the player when the connection is lost', async () => {
    await openApp('/');
    await screen.findByTestId('tournament-name');
    const banner = 'オフラインです。通信環境をご確認ください。';
    expect(screen.queryByText(banner)).toBeNull();
    setOffline(true);
    await screen.findByText(banner);
    setOffline(false);
    await waitFor(() => expect(screen.queryByText(banner)).toBeNull());
  });
});

describe('signed-in player', () => {
  it('sees a logout entry instead of the register invitations, and the token goes with each call', async () => {
    const authorizations: Array<string | null> = [];
    answerApi('/api/user/me', (request) => {
      authorizations.push(request.headers.get('authorization'));
      return networkAnswer(request);
    });
    await openApp('/', { as: 'player' });
    await screen.findByTestId('tournament-name');
    expect(authorizations).toEqual([`Bearer ${playerToken('player')}`]);
    const header = document.querySelector('header')!;
    expect(within(header).queryByRole('link', { name: 'ログイン・登録' })).toBeNull();
    expect(within(document.querySelector('footer')!).queryByRole('link', { name: '新規登録' })).toBeNull();
    await user().click(screen.getByRole('button', { name: 'メニュー' }));
    const menu = screen.getByRole('navigation', { name: 'メニュー' });
    within(menu).getByRole('link', { name: 'ログアウト' });
  });

  it('is logged out and sent to the login page when the API answers 401', async () => {
    answerApi('/api/golf/schedule/score', () =>
      jsonAnswer({ message: 'ログインが必要です。', code: 'unauthenticated' }, 401),
    );
    await openApp('/schedule/score', { as: 'player' });
    await waitFor(() => {
      expect(location.pathname).toBe('/login');
      expect(new URL(location.href).searchParams.get('token')).toBe('invalid');
    });
    expect(document.cookie).not.toMatch(/(^|; )token=/);
    await user().click(screen.getByRole('button', { name: 'メニュー' }));
    within(screen.getByRole('navigation', { name: 'メニュー' })).getByRole('link', { name: 'ログイン' });
  });
});

describe('header menu', () => {
  it('opens with its entries and closes with Escape', async () => {
    await openApp('/');
    const toggle = await screen.findByRole('button', { name: 'メニュー' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user().click(toggle);
    const menu = screen.getByRole('navigation', { name: 'メニュー' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(
      within(menu)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(menuLabels);
    expect(within(menu).getByRole('link', { name: 'ログイン' }).getAttribute('href')).toBe('/login');
    await user().keyboard('{Escape}');
    await waitFor(() => expect(toggle.getAttribute('aria-expanded')).toBe('false'));
    expect(menu.hasAttribute('inert')).toBe(true);
  });
});

describe('ranking navigation', () => {
  it('the yearly and quiz rankings are reachable from the menu', async () => {
    await openApp('/', { as: 'player' });
    await user().click(await screen.findByRole('button', { name: 'メニュー' }));
    const menu = screen.getByRole('navigation', { name: 'メニュー' });
    await user().click(within(menu).getByRole('link', { name: '年間ランキング' }));
    await waitForPath('/ranking/yearly');
    await screen.findByTestId('ranking-table');

    await user().click(screen.getByRole('button', { name: 'メニュー' }));
    await user().click(
      within(screen.getByRole('navigation', { name: 'メニュー' })).getByRole('link', {
        name: 'クイズランキング',
      }),
    );
    await waitForPath('/ranking/golf_q');

    // Every ranking page has the four rankings as tabs, the one shown marked.
    const tabs = await screen.findByRole('navigation', { name: 'ランキング' });
    expect(within(tabs).getByRole('link', { name: 'クイズ' }).getAttribute('aria-current')).toBe('page');
    await user().click(within(tabs).getByRole('link', { name: '年間' }));
    await waitForPath('/ranking/yearly');
    await user().click(
      within(await screen.findByRole('navigation', { name: 'ランキング' })).getByRole('link', {
        name: '個人',
      }),
    );
    await waitForPath('/ranking/golf/personal');
    expect(
      within(await screen.findByRole('navigation', { name: 'ランキング' }))
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['個人', '/ranking/golf/personal'],
      ['ギルド', '/ranking/guild'],
      ['年間', '/ranking/yearly'],
      ['クイズ', '/ranking/golf_q'],
    ]);
  });
});

describe('footer', () => {
  it('shows its navigation, except on the login, register and reset paths', async () => {
    await openApp('/');
    await waitFor(() => expect(footerNav()).not.toBeNull());
    expect(
      within(footerNav()!)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['ホーム', 'マイページ', 'ギルド', '個人ランキング', '賞品一覧']);
    within(document.querySelector('footer')!).getByRole('link', { name: '新規登録' });
    expect(document.querySelector('footer')!.textContent).toContain(`© ${new Date().getFullYear()}`);

    for (const path of ['/login', '/register/mail', '/reset-password']) {
      await openApp(path);
      await waitFor(() => expect(document.querySelector('footer')).not.toBeNull());
      expect(footerNav(), path).toBeNull();
    }
  });
});

describe('title bar back button', () => {
  it('takes a dynamic page back to the page before it', async () => {
    await openApp('/');
    await user().click(await screen.findByRole('link', { name: 'リーダーボード' }));
    await waitForPath('/schedule/score');
    await screen.findAllByTestId('leaderboard-row');
    await user().click(backButton());
    await waitForPath('/');
    await screen.findByTestId('tournament-name');
  });

  it('takes a static page to its parent, whatever came before', async () => {
    await openApp('/schedule/score');
    await screen.findAllByTestId('leaderboard-row');
    await user().click(main().querySelector('a[href="/gametop"]')!);
    await waitForPath('/gametop');
    await waitFor(() => expect(all('.round-card').length).toBeGreaterThan(0));
    expect(backButton().getAttribute('href')).toBe('/');
    await user().click(backButton());
    await waitForPath('/');
  });

  it('sends a dynamic page opened first to its parent', async () => {
    await openApp('/schedule/score');
    await screen.findAllByTestId('leaderboard-row');
    await user().click(backButton());
    await waitForPath('/gametop');
  });
});
