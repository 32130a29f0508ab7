import { describe, expect, it } from 'vitest';
import { formatToPar } from '@golf/shared/game/format';
import { liveTeamScore } from '@golf/shared/game/live-round';
import type { LiveRound } from '@golf/shared/schemas/live-round';
import type { OwnRankingResponse } from '@golf/shared/schemas/ranking';
import { nowMs } from '../../functions/src/lib/clock';
import { newPage } from './support/browser';
import { operatorToken, publishedSnapshot } from './support/ops';
import { callApi, useOwnStack } from './support/own-stack';
import { createPlayer } from './support/users';

type TenPlayers = [string, string, string, string, string, string, string, string, string, string];

/**
 * A round as it is played: a tournament whose first round has just started, results arriving in
 * parts through the operator API, and the round page following them once a minute. Importing a
 * tournament makes it the current one, so this journey runs on a stack of its own.
 */
const own = useOwnStack();
const gid = `e2e-live-${Date.now()}`;
const ids = Array.from({ length: 10 }, (_, i) => `${gid}-p${String(i + 1).padStart(2, '0')}`);

async function api<T>(method: string, path: string, token: string, body?: unknown): Promise<T> {
  const answer = await callApi<T>(own.stack(), method, path, token, body);
  if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${answer.text}`);
  return answer.body;
}

/** Round 1 rows: [to_par, thru] per player (null to-par: not started). */
const resultsFile = (rows: Array<[string, number | null, number]>) => ({
  format: 'json',
  content: JSON.stringify({
    game_global_id: gid,
    results: rows.map(([player_id, toPar, thru]) => ({
      round: 1,
      player_id,
      strokes: thru === 18 ? 72 + toPar! : null,
      to_par: toPar,
      thru,
      status: 'active',
    })),
  }),
});

describe('a live round', () => {
  it('shows the provisional team score, thru, to-par, cut line and rank, and follows newer results', async () => {
    const operator = await operatorToken(own.stack(), 'e2e-operator');
    const { token: player } = await createPlayer(`e2e-live-player-${Date.now()}`);
    const { token: rival } = await createPlayer(`e2e-live-rival-${Date.now()}`);
    const now = nowMs();
    const day = 24 * 3600 * 1000;
    const deadline = new Date(now + 60_000);
    const date = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    // Started before the sample tournament: once its first deadline passes it is the current one.
    await api('POST', '/api/golf/ops/tournament', operator, {
      format: 'json',
      content: JSON.stringify({
        game_global_id: gid,
        season_id: 2099,
        tournament_name: 'ライブ テスト オープン',
        venue: 'テストCC',
        start_on: date(now - 60 * day),
        end_on: date(now + 3 * day),
        cut_after_round: 2,
        cut_top: 5,
        rounds: [deadline.getTime(), now + day, now + 2 * day, now + 3 * day].map((at, i) => ({
          round: i + 1,
          deadline_at: new Date(at).toISOString(),
        })),
        field: ids.map((player_id, i) => ({
          player_id,
          name: `ライブ 選手${i + 1}`,
          name_kana: `ライブ センシュ${i + 1}`,
          country: 'JPN',
          world_rank: i + 1,
        })),
      }),
    });
    const [p1, p2, p3, p4, p5, p6, p7, p8, p9, p10] = ids as TenPlayers;
    await api('PUT', '/api/golf/round/1/team', player, { game_global_id: gid, player_ids: [p1, p2, p3, p4] });
    await api('PUT', '/api/golf/round/1/team', rival, { game_global_id: gid, player_ids: [p1, p5, p6, p7] });
    // The round starts: the stack's clock passes its deadline.
    await own.stack().setClock(new Date(deadline.getTime() + 1_000));

    // The first results: p1, p5-p7 finished, p2 and p4 on the course, p3 not started.
    await api(
      'POST',
      '/api/golf/ops/results',
      operator,
      resultsFile([
        [p1, -3, 18],
        [p2, 1, 9],
        [p3, null, 0],
        [p4, 0, 12],
        [p5, 2, 18],
        [p6, -1, 18],
        [p7, 4, 18],
        [p8, 0, 5],
        [p9, -2, 7],
        [p10, 3, 18],
      ]),
    );
    const firstSnapshot = await publishedSnapshot(own.stack(), operator, gid);

    const session = await newPage(own.browser(), { baseUrl: own.stack().url });
    const { page } = session;
    await page.clock.install();
    await session.context.addCookies([{ name: 'token', value: player, url: own.stack().url }]);
    await page.goto('/schedule/round/1');
    const panel = page.getByTestId('live-round');
    await panel.waitFor();

    /** What the page must show, from the public live call and the shared rules. */
    const expected = async () => {
      const live = await api<LiveRound>('GET', `/api/golf/round/1/live?game_global_id=${gid}`, player);
      const byId = new Map(live.players.map((p) => [p.player_id, p]));
      const team = liveTeamScore([p1, p2, p3, p4], (id) => byId.get(id), live.penalty);
      // His rank is the published ranking's (docs/game-rules.md), as the share card and my page show it.
      const own = await api<OwnRankingResponse>(
        'GET',
        `/api/golf/ranking/user?round=1&game_global_id=${gid}`,
        player,
      );
      const rank = own.rankings.find((row) => row.type === 1)?.rank;
      const entrants = live.board.counts.reduce((sum, count) => sum + count, 0);
      return { live, team, rankText: rank === undefined ? '集計待ち' : `${rank}位 / ${entrants}人` };
    };
    const first = await expected();
    // -3 (finished) + 1 (through 9) + E (not started) + E (through 12).
    expect(first.team.score).toBe(-2);
    expect(await page.getByTestId('live-team-score').innerText()).toBe('-2');
    const thru = page.getByTestId('live-thru');
    expect(await thru.allInnerTexts()).toEqual(['F', '9H', '-', '12H']);
    expect(await page.getByTestId('live-to-par').allInnerTexts()).toEqual(['-3', '+1', 'E', 'E']);
    // Best 5 of the 9 with a score: -3, -2, -1, E, E -> the line is E.
    expect(first.live.cut).toMatchObject({ line_to_par: 0, projected: true, top: 5 });
    expect(await page.getByTestId('live-cut-line').innerText()).toContain(formatToPar(0));
    // His team is still playing, so the ranking holds no round of his yet: no rank to show.
    expect(first.rankText).toBe('集計待ち');
    expect(await page.getByTestId('live-rank').innerText()).toBe(first.rankText);

    // Newer results: p2 finishes at -4, p3 starts badly, p4 bogeys; the rival's board score stays.
    await api(
      'POST',
      '/api/golf/ops/results',
      operator,
      resultsFile([
        [p2, -4, 18],
        [p3, 5, 8],
        [p4, 1, 15],
        [p8, 2, 9],
      ]),
    );
    await publishedSnapshot(own.stack(), operator, gid, firstSnapshot);
    // A minute later the page asks again by itself. The browser keeps an answer 30 s of real time
    // (max-age); the page's minute passes at once here, so its cache is emptied as a real one would.
    const cdp = await session.context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await page.clock.runFor(61_000);
    await expect.poll(() => page.getByTestId('live-team-score').innerText()).toBe('-1');
    expect(await thru.allInnerTexts()).toEqual(['F', 'F', '8H', '15H']);
    expect(await page.getByTestId('live-to-par').allInnerTexts()).toEqual(['-3', '-4', '+5', '+1']);
    const second = await expected();
    expect(second.team.score).toBe(-1);
    // -4, -3, -2, -1, +1, +2 ... -> the 5th best total is now +1.
    expect(second.live.cut!.line_to_par).toBe(1);
    expect(await page.getByTestId('live-cut-line').innerText()).toContain('+1');
    expect(await page.getByTestId('live-rank').innerText()).toBe(second.rankText);

    // The leaderboard page shows the same live panel.
    await page.goto('/schedule/score');
    await page.getByTestId('live-team-score').waitFor();
    expect(await page.getByTestId('live-team-score').innerText()).toBe('-1');
    expect(await page.getByTestId('live-cut-line').innerText()).toContain('+1');

    const errors = session.pageErrors.map((error) => error.message);
    await session.close();
    expect(errors).toEqual([]);
  });
});
