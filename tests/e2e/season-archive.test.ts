import { describe, expect, it } from 'vitest';
import type { OpsRoundResults, OpsTournament, OpsTournamentList } from '@golf/shared/schemas/ops';
import type { RankingPageResponse } from '@golf/shared/schemas/ranking';
import { prizeWinnersSchema } from '@golf/shared/schemas/prize';
import type { Schedule } from '@golf/shared/schemas/schedule';
import { signLocalAccessToken } from '../../functions/src/lib/local-issuer';
import { sampleUserId } from '../../scripts/seed/teams';
import { closeChecked, newPage } from './support/browser';
import { operatorToken, publishedSnapshot } from './support/ops';
import { callApi, useOwnStack } from './support/own-stack';

/**
 * The tournament just played does not vanish: once the operator marks the live tournament's last
 * round final, the personal ranking (on a phone, 375 px wide) shows that tournament's final
 * standings, its tournament selector reaches every finished tournament of the season, and the
 * player's own round pages of it stay readable.
 */
const own = useOwnStack();

const call = <T = unknown>(method: string, path: string, token: string, body?: unknown) =>
  callApi<T>(own.stack(), method, path, token, body);

/** Checks an operator's call answered 200, saying what it answered otherwise. */
async function ok<T>(answer: Promise<{ status: number; body: T; text: string }>): Promise<T> {
  const { status, body, text } = await answer;
  expect(status, text).toBe(200);
  return body;
}

/** Imports a complete round (18 holes) for every player still in play, as the feed would send it. */
async function importCompleteRound(token: string, id: string, round: number) {
  const { players } = await ok(
    call<OpsRoundResults>('GET', `/api/golf/ops/round/results?game_global_id=${id}&round=${round}`, token),
  );
  const results = players
    .filter((player) => player.status === 'active')
    .map((player, index) => {
      const toPar = (index % 9) - 4;
      return {
        round,
        player_id: player.player_id,
        strokes: 72 + toPar,
        to_par: toPar,
        thru: 18,
        status: 'active',
      };
    });
  await ok(
    call('POST', '/api/golf/ops/results', token, {
      format: 'json',
      content: JSON.stringify({ game_global_id: id, results }),
    }),
  );
}

const isFinished = (t: OpsTournament) =>
  !t.cancelled && t.rounds.every((round) => round.cancelled || round.results === 'final');

describe('the season archive on the personal ranking', () => {
  it('keeps the tournament just played on /ranking/golf/personal at 375 px, the selector reaches every finished tournament, and each shows who won its prizes', async () => {
    const operator = await operatorToken(own.stack(), 'e2e-archive');
    const before = (await ok(call<OpsTournamentList>('GET', '/api/golf/ops/tournaments', operator)))
      .tournaments;
    const live = before.find((t) => t.rounds.some((round) => round.results === 'provisional'))!;
    expect(live, 'the sample season has a tournament in play').toBeDefined();
    const id = live.game_global_id;

    // Round 3 is played out and marked final; the clock passes round 4's deadline (its settlement
    // runs), round 4 is played and marked final: the tournament is over.
    await importCompleteRound(operator, id, 3);
    await ok(
      call('POST', '/api/golf/ops/round/final', operator, { game_global_id: id, round: 3, force: true }),
    );
    await own.stack().setClock(new Date(Date.parse(live.rounds[3]!.deadline_at) + 3 * 3600_000));
    await importCompleteRound(operator, id, 4);
    await ok(
      call('POST', '/api/golf/ops/round/final', operator, { game_global_id: id, round: 4, force: true }),
    );
    await publishedSnapshot(own.stack(), operator, id);

    const after = (await ok(call<OpsTournamentList>('GET', '/api/golf/ops/tournaments', operator)))
      .tournaments;
    const finished = after.filter(isFinished);
    expect(finished.map((t) => t.game_global_id)).toContain(id);
    expect(finished.length).toBe(before.filter(isFinished).length + 1);

    // What the standings show for the tournament: its final round, confirmed.
    const player = (await signLocalAccessToken({ sub: sampleUserId(1), groups: [] })).token;
    const standings = await ok(
      call<RankingPageResponse>('GET', `/api/golf/ranking?game_global_id=${id}&type=1`, player),
    );
    expect(standings.is_provisional).toBe(false);
    expect(standings.active_round).toBe(4);
    expect(standings.rankings.length).toBeGreaterThan(0);

    const session = await newPage(own.browser(), { baseUrl: own.stack().url });
    const { page } = session;
    expect(page.viewportSize()?.width).toBe(375);
    await session.context.addCookies([{ name: 'token', value: player, url: own.stack().url }]);
    await page.goto('/ranking/golf/personal');
    const selector = page.getByLabel('大会を選択');
    await selector.waitFor();
    // The tournament just played is still the one shown, with its final standings.
    expect(await selector.inputValue()).toBe(id);
    expect(await page.getByText('ランキングはまだありません').count()).toBe(0);
    await page.getByText('確定', { exact: true }).waitFor();
    await page.locator('.round-tabs [aria-current="page"]', { hasText: 'R4' }).waitFor();
    const firstRows = page.locator('table tbody tr');
    await firstRows.first().waitFor();
    expect(await firstRows.first().innerText()).toContain(standings.rankings[0]!.nickname);

    // The selector lists every finished tournament of the season, newest first.
    const schedules = (await ok(call<Schedule[]>('GET', '/api/golf/master/schedule', player))).sort((a, b) =>
      b.tournament_start_on.localeCompare(a.tournament_start_on),
    );
    const options = await selector
      .locator('option')
      .evaluateAll((nodes) => nodes.map((node) => (node as unknown as { value: string }).value));
    expect(options).toEqual(schedules.map((s) => s.game_global_id));
    for (const t of finished) expect(options).toContain(t.game_global_id);

    // Each finished tournament is reached from it, with its own confirmed standings, and the link
    // carries the choice.
    const oldest = finished.reduce((a, b) => (a.start_on < b.start_on ? a : b));
    await selector.selectOption(oldest.game_global_id);
    await page.waitForURL((url) => url.searchParams.get('game_global_id') === oldest.game_global_id);
    const oldStandings = await ok(
      call<RankingPageResponse>(
        'GET',
        `/api/golf/ranking?game_global_id=${oldest.game_global_id}&type=1`,
        player,
      ),
    );
    await firstRows.first().filter({ hasText: oldStandings.rankings[0]!.nickname }).waitFor();
    await page.getByText('確定', { exact: true }).waitFor();
    // The winners of its prizes stay with its standings: each rank prize's winners by place, the
    // lottery's folded away with its seed.
    const winners = prizeWinnersSchema.parse(
      (await call('GET', `/api/golf/prizes/winners?game_global_id=${oldest.game_global_id}`, player)).body,
    );
    const winnersCard = page.locator('.tournament-winners');
    await winnersCard.getByRole('heading', { name: '賞品の当選者' }).waitFor();
    const first = winners.prizes.find((prize) => prize.prize.rank_from === 1)!;
    await winnersCard.getByRole('link', { name: first.prize.name }).waitFor();
    const firstWinner = await winnersCard.locator('.winner-list__row').first().innerText();
    expect(firstWinner).toContain('1位');
    expect(firstWinner).toContain(first.winners[0]!.nickname);
    const lottery = winners.prizes.find((prize) => prize.prize.rank_from === null)!;
    expect(
      lottery.winners.length,
      'the sample lottery has more winners than are shown unfolded',
    ).toBeGreaterThan(10);
    await winnersCard.getByText(`当選者 ${lottery.winners.length}名`).click();
    await winnersCard.getByText(`抽選番号：${lottery.seed}`).waitFor();
    await page.reload();
    expect(await page.getByLabel('大会を選択').inputValue()).toBe(oldest.game_global_id);
    // Nothing overflows the phone's width.
    expect(
      await page.locator('html').evaluate((html) => (html as unknown as { scrollWidth: number }).scrollWidth),
    ).toBeLessThanOrEqual(375);

    // The player's own round of the tournament just played: his team as frozen at the deadline,
    // confirmed, with nothing left to change; the round tabs keep the tournament.
    await page.goto(`/schedule/round/4?game_global_id=${id}`);
    await page.locator('.round-head__tournament', { hasText: live.tournament_name }).waitFor();
    expect(await page.getByLabel('大会を選択').inputValue()).toBe(id);
    await page.locator('.round-head').getByText('確定', { exact: true }).waitFor();
    expect(await page.locator('[data-testid^="slot-"][data-filled="true"]').count()).toBe(4);
    expect(await page.getByRole('button', { name: /外す$/ }).count()).toBe(0);
    expect(await page.getByRole('link', { name: /変更$/ }).count()).toBe(0);
    await page.getByRole('link', { name: 'R3' }).click();
    await page.waitForURL((url) => url.pathname === '/schedule/round/3');
    expect(new URL(page.url()).searchParams.get('game_global_id')).toBe(id);
    expect(
      await page.locator('html').evaluate((html) => (html as unknown as { scrollWidth: number }).scrollWidth),
    ).toBeLessThanOrEqual(375);
    await closeChecked(session);
  });
});
