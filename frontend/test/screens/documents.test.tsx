import { screen, waitFor, within } from '@testing-library/dom';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Schedule } from '@golf/shared/schemas/schedule';
import { apiGet, openApp, waitForPath } from './render-app';

/**
 * The pages of the repository's Markdown documents (the rules, the FAQ, terms, privacy policy,
 * company) and the cancelled round's note, against the sample season's API. Where the table of
 * contents scrolls to stays a browser journey (tests/e2e/documents.test.ts).
 */
const user = () => userEvent.setup();
const titleBar = () => document.querySelector('.title-bar__title');
const all = (selector: string) => [...document.querySelectorAll<HTMLElement>(selector)];
const sectionTitles = () => all('.document-section h2').map((heading) => heading.textContent);

describe('/howto', () => {
  it("shows the players' part of the rules document with its table of contents", async () => {
    await openApp('/howto');
    await screen.findByRole('heading', { name: 'ゲームのルール' });
    await waitFor(() => expect(all('.document-section').length).toBeGreaterThan(0));
    expect(titleBar()?.textContent).toBe('遊び方');
    expect(sectionTitles()).toEqual(
      expect.arrayContaining([
        '遊び方',
        '選び方',
        'スコアの計算',
        '個人ランキング',
        'ギルドランキング',
        '賞品',
      ]),
    );
    expect(document.querySelectorAll('.document-section table').length).toBeGreaterThan(0);
    expect(document.documentElement.outerHTML).not.toContain('For developers');
    // The rules real tournaments need: disqualification, withdrawals, the deadline instant, cancellations,
    // and who counts for a round's guild results.
    const rules = all('.document-section')
      .map((section) => section.textContent)
      .join('\n');
    for (const rule of [
      'スコアカードの誤りによる失格など',
      '大会が始まる前（第1ラウンドの前）でも',
      'そのラウンドの締め切りの時点',
      '締め切りの後で棄権が登録された選手は入れ替わりません',
      'トーナメント全体が中止になった場合は、スコアも年間ポイントもありません',
      'サーバーが保存のリクエストを受け取った時刻',
      'そのラウンドの締め切りの時点でギルドのメンバーだった人',
    ])
      expect(rules).toContain(rule);

    const contents = screen.getByRole('navigation', { name: '目次' });
    const yearly = within(contents).getByRole('link', { name: '年間ランキング' });
    const target = document.getElementById(yearly.getAttribute('href')!.replace(/^#/, ''))!;
    expect(target.querySelector('h2')?.textContent).toBe('年間ランキング');
    const scrolled = vi.spyOn(target, 'scrollIntoView');
    await user().click(yearly);
    expect(scrolled).toHaveBeenCalled();
    expect(location.pathname).toBe('/howto');
    screen.getByRole('link', { name: '新規登録してはじめる' });
  });
});

describe('/schedule/score of a tournament with a cancelled round', () => {
  it('tells players the round was cancelled and why', async () => {
    const schedules = await apiGet<Array<Schedule & { value: string }>>('/api/golf/master/schedule');
    const rainedOut = schedules.find((schedule) => schedule.rounds.some((round) => round.cancel_note));
    if (!rainedOut) throw new Error('the sample season has no cancelled round');
    await openApp(`/schedule/score?game_global_id=${rainedOut.value}`);
    expect((await screen.findByTestId('cancel-note')).textContent).toContain(
      '第4ラウンドは中止になりました（荒天のため）',
    );
  });
});

describe('/schedule/round/{round}/about-mode', () => {
  it('explains the modes from the same rules document and links to the rules', async () => {
    // Round pages are for signed-in players (spec section 6).
    await openApp('/schedule/round/2/about-mode', { as: 'player' });
    // The round pages' modules load on this first visit: slower than a screen of modules loaded before.
    await waitFor(() => expect(all('.document-section')).toHaveLength(3), { timeout: 25_000 });
    expect(sectionTitles()).toEqual(['遊び方', '選び方', '次のラウンドへの引き継ぎ']);
    expect(all('.document-section')[1]!.textContent).toContain('コンディション重視');
    await user().click(screen.getByRole('link', { name: 'スコアの計算やランキングのルール' }));
    await waitForPath('/howto');
    await screen.findByRole('heading', { name: 'ゲームのルール' });
  });
});

describe('/faq', () => {
  it('opens an answer in place and follows an in-site link without reloading the page', async () => {
    await openApp('/faq');
    await waitFor(() => expect(titleBar()?.textContent).toBe('よくある質問'));
    const question = all('details').find((details) =>
      details.textContent.includes('チームはいつまで変更できますか？'),
    )!;
    expect(question.hasAttribute('open')).toBe(false);
    await user().click(question.querySelector('summary')!);
    await waitFor(() => expect(question.hasAttribute('open')).toBe(true));
    expect(question.textContent).toContain('締め切り');

    const page = window as unknown as { marker?: number };
    page.marker = 1;
    const mount = document.getElementById('app');
    const first = all('details')[0]!;
    await user().click(first.querySelector('summary')!);
    await user().click(within(first).getByRole('link', { name: '遊び方' }));
    await waitForPath('/howto');
    await screen.findByRole('heading', { name: 'ゲームのルール' });
    // The same window and mount show the new page: the router navigated, no document was loaded.
    expect(page.marker).toBe(1);
    expect(document.getElementById('app')).toBe(mount);
  });
});

describe('terms, privacy policy and company', () => {
  for (const [path, title, heading] of [
    ['/terms', '利用規約', '第1条（適用）'],
    ['/privacy-policy', 'プライバシーポリシー', '2. 取得する情報'],
    ['/about/company', '運営会社', '運営'],
  ] as const) {
    it(`${path} shows the whole document`, async () => {
      await openApp(path);
      await screen.findByRole('heading', { name: heading });
      expect(titleBar()?.textContent).toBe(title);
    });
  }
});
