import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { RankingPageResponse } from '@golf/shared/schemas/ranking';
import type { OpsRoundResults, OpsTournamentList } from '@golf/shared/schemas/ops';
import { teamRepository } from '../../functions/src/db/repositories/team-repository';
import { newPage } from './support/browser';
import { callApi, useOwnStack } from './support/own-stack';
import { operatorToken, publishedSnapshot as published } from './support/ops';

/**
 * An operator corrects one value of one player's final round from the console: the form opens with
 * the stored values, only the changed value is sent, and the rest of the row and every ranking that
 * does not read that value stay as they were. A correction from a form opened before another
 * operator's change is refused, and the form shows the row as it is now. Before a correction or a
 * cancel runs, its confirmation counts the saved teams it changes and names the rankings that move.
 */
const own = useOwnStack();

const call = <T = unknown>(method: string, path: string, token: string, body?: unknown) =>
  callApi<T>(own.stack(), method, path, token, body);

/** A final round of the sample season, and the round's stored rows. */
async function finalRound(token: string) {
  const { tournaments } = (await call<OpsTournamentList>('GET', '/api/golf/ops/tournaments', token)).body;
  for (const t of tournaments)
    for (const r of t.rounds)
      if (r.results === 'final' && !r.cancelled) {
        const rows = await roundRows(token, t.game_global_id, r.round);
        return { id: t.game_global_id, round: r.round, rows };
      }
  throw new Error('the sample season has no final round');
}

const roundRows = async (token: string, id: string, round: number) =>
  (
    await call<OpsRoundResults>(
      'GET',
      `/api/golf/ops/round/results?game_global_id=${id}&round=${round}`,
      token,
    )
  ).body;

/** The round's saved teams (with a pick) as stored, read here from the table the stack writes. */
const storedTeams = async (id: string, round: number) =>
  (await teamRepository.listRound(id, round)).filter((team) => team.picks.length > 0);

/** How the confirmation counts `teams` saved teams of one round. */
const teamsLine = (round: number, teams: number) =>
  `影響する保存済みのチーム：${teams.toLocaleString('ja-JP')}件（第${round}ラウンド ${teams.toLocaleString('ja-JP')}件）`;

const publishedSnapshot = (token: string, id: string, after?: string) =>
  published(own.stack(), token, id, after);

/** Every row of one personal ranking of the tournament: rank, user and value. */
async function ranking(token: string, id: string, type: number) {
  const rows: Array<[number, string, number]> = [];
  for (let page = 1; ; page += 1) {
    const answer = (
      await call<RankingPageResponse>(
        'GET',
        `/api/golf/ranking?game_global_id=${id}&type=${type}&perPage=100&page=${page}`,
        token,
      )
    ).body;
    rows.push(...answer.rankings.map((r): [number, string, number] => [r.rank, r.user_id, r.value]));
    if (page >= answer.last_page) return rows;
  }
}

async function openCorrection(page: Page, id: string, round: number, playerId: string) {
  await page.goto(`/ops/rounds?game_global_id=${id}&round=${round}`);
  const section = page.getByRole('region', { name: '結果の訂正' });
  await section.getByLabel('選手', { exact: true }).selectOption(playerId);
  return section;
}

describe('a correction from the console', () => {
  it('changes the one value corrected: the rest of the row and the rankings that do not read it stay', async () => {
    const operator = await operatorToken('e2e-correct');
    const { id, round, rows } = await finalRound(operator);
    const before = await publishedSnapshot(operator, id);
    // Birdies, eagles and made-cut rates do not read a round's to-par.
    const untouched = [4, 5, 7];
    const rankingsBefore = await Promise.all(untouched.map((type) => ranking(operator, id, type)));
    const teams = await storedTeams(id, round);
    const holding = (playerId: string) =>
      teams.filter((team) => team.picks.some((pick) => pick.player_id === playerId)).length;
    const target = rows.players.find(
      (p) => p.status === 'active' && p.to_par !== null && p.birdies > 0 && holding(p.player_id) > 0,
    )!;

    const session = await newPage(own.browser(), { baseUrl: own.stack().url });
    const { page } = session;
    await session.context.addCookies([{ name: 'token', value: operator, url: own.stack().url }]);
    const section = await openCorrection(page, id, round, target.player_id);
    // The form opens with the stored values, in the operators' words.
    expect(await section.getByLabel('打数', { exact: true }).inputValue()).toBe(String(target.strokes));
    expect(await section.getByLabel('バーディー', { exact: true }).inputValue()).toBe(String(target.birdies));
    expect(await section.getByLabel('ホール', { exact: true }).inputValue()).toBe(String(target.thru));
    expect(await section.getByLabel('状態', { exact: true }).locator('option:checked').innerText()).toBe(
      'プレー中',
    );

    const corrected = target.to_par! + 1;
    await section.getByLabel('スコア', { exact: true }).fill(String(corrected));
    await section.getByLabel(/^理由/).fill('スコアカードの誤記');
    await section.getByRole('button', { name: '訂正する' }).click();
    const dialog = section.getByRole('alertdialog');
    // The confirmation names only the value that changes, before and after.
    const changes = dialog.locator('.ops-diff tbody tr');
    expect(await changes.count()).toBe(1);
    expect((await changes.first().innerText()).replace(/\s+/g, ' ')).toContain('スコア');
    // Before it runs: the saved teams holding the player in the round, and the rankings that move
    // (those read from the team score; not birdies, eagles or the cut).
    const impact = dialog.getByRole('status', { name: 'この操作の影響' });
    await impact.waitFor();
    const said = await impact.innerText();
    expect(said).toContain(teamsLine(round, holding(target.player_id)));
    expect(said).toMatch(/個人ランキング（確定）：スコア、アンダーパー連続回数、上位10%連続回数/);
    expect(said).toContain('ギルドランキング');
    expect(said).toContain('年間ランキング');
    expect(said).not.toMatch(/バーディー数|イーグル数|予選通過成功率/);
    await dialog.getByRole('button', { name: '訂正する' }).click();
    await section.getByText(/^記録しました/).waitFor();

    const after = (await roundRows(operator, id, round)).players;
    // The corrected row: only its to-par moved (and so its version); every other row as it was.
    expect(after.find((p) => p.player_id === target.player_id)).toEqual({
      ...target,
      to_par: corrected,
      version: expect.not.stringMatching(`^${target.version}$`) as unknown as string,
    });
    expect(after.filter((p) => p.player_id !== target.player_id)).toEqual(
      rows.players.filter((p) => p.player_id !== target.player_id),
    );
    await publishedSnapshot(operator, id, before);
    expect(await Promise.all(untouched.map((type) => ranking(operator, id, type)))).toEqual(rankingsBefore);

    // The audit log shows the correction with its before and after.
    await page.goto(`/ops/rounds?game_global_id=${id}&round=${round}`);
    const log = page.getByRole('region', { name: '操作の記録' });
    const entry = log.locator('li').first();
    await entry.waitFor();
    expect(await entry.innerText()).toContain('結果の訂正');
    expect(await entry.innerText()).toContain('スコアカードの誤記');
    expect(await entry.innerText()).toMatch(/スコア/);

    const errors = session.pageErrors.map((error) => error.message);
    await session.close();
    expect(errors).toEqual([]);
  }, 120_000);

  it('from a form opened before another operator’s change is refused, and shows the row as it is now', async () => {
    const operator = await operatorToken('e2e-correct-a');
    const other = await operatorToken('e2e-correct-b');
    const { id, round, rows } = await finalRound(operator);
    const target = rows.players.filter((p) => p.status === 'active' && p.to_par !== null).at(-1)!;

    const session = await newPage(own.browser(), { baseUrl: own.stack().url });
    const { page } = session;
    await session.context.addCookies([{ name: 'token', value: operator, url: own.stack().url }]);
    const section = await openCorrection(page, id, round, target.player_id);
    await section.getByLabel('ボギー', { exact: true }).waitFor();

    // Meanwhile another operator corrects the same row.
    const theirs = await call('POST', '/api/golf/ops/result/correction', other, {
      game_global_id: id,
      round,
      player_id: target.player_id,
      base_version: target.version,
      eagles: target.eagles + 1,
      reason: '別の運営者の訂正',
    });
    expect(theirs.status).toBe(200);

    await section.getByLabel('ボギー', { exact: true }).fill(String(target.bogeys + 1));
    await section.getByLabel(/^理由/).fill('スコアカードの誤記');
    // The confirmation's check already meets the refusal: the correction cannot be confirmed.
    await section.getByRole('button', { name: '訂正する' }).click();
    const refusal = section.getByRole('alertdialog').getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.innerText()).toContain('フォームを開いたあとで変わりました');
    expect(
      await section.getByRole('alertdialog').getByRole('button', { name: '訂正する' }).isDisabled(),
    ).toBe(true);
    const now = section.getByRole('status', { name: '保存されている値' });
    expect((await now.innerText()).replace(/\s+/g, ' ')).toContain(
      `イーグル ${target.eagles}回 ${target.eagles + 1}回`,
    );
    // The row keeps the other operator's change, and not this one.
    const stored = (await roundRows(operator, id, round)).players.find(
      (p) => p.player_id === target.player_id,
    )!;
    expect(stored).toMatchObject({ eagles: target.eagles + 1, bogeys: target.bogeys });

    // Opened again from the stored values, the same correction goes through.
    await now.getByRole('button', { name: '今の値で開き直す' }).click();
    expect(await section.getByLabel('イーグル', { exact: true }).inputValue()).toBe(
      String(target.eagles + 1),
    );
    await section.getByLabel('ボギー', { exact: true }).fill(String(target.bogeys + 1));
    await section.getByRole('button', { name: '訂正する' }).click();
    await section.getByRole('alertdialog').getByRole('button', { name: '訂正する' }).click();
    await section.getByText(/^記録しました/).waitFor();
    expect(
      (await roundRows(operator, id, round)).players.find((p) => p.player_id === target.player_id),
    ).toMatchObject({
      eagles: target.eagles + 1,
      bogeys: target.bogeys + 1,
    });

    const errors = session.pageErrors.map((error) => error.message);
    await session.close();
    expect(errors).toEqual([]);
  }, 120_000);
});

describe('the confirmation of a cancel', () => {
  it('counts the round’s saved teams and names its rankings before anything is cancelled', async () => {
    const operator = await operatorToken('e2e-cancel-check');
    const { tournaments } = (await call<OpsTournamentList>('GET', '/api/golf/ops/tournaments', operator))
      .body;
    // A played round still open to changes: the live tournament's round that is locked and not final.
    const [tournament, round] = tournaments
      .filter((t) => !t.cancelled)
      .flatMap((t) => t.rounds.map((r) => [t, r] as const))
      .find(([, r]) => r.locked && !r.cancelled && r.results !== 'final')!;
    const teams = (await storedTeams(tournament.game_global_id, round.round)).length;
    expect(teams).toBeGreaterThan(0);

    const session = await newPage(own.browser(), { baseUrl: own.stack().url });
    const { page } = session;
    await session.context.addCookies([{ name: 'token', value: operator, url: own.stack().url }]);
    await page.goto(`/ops/rounds?game_global_id=${tournament.game_global_id}&round=${round.round}`);
    const cancel = page.getByRole('region', { name: 'ラウンドの中止' });
    await cancel.getByLabel(/^理由/).fill('荒天のため');
    await cancel.getByRole('button', { name: 'ラウンドを中止する' }).click();
    const impact = cancel.getByRole('alertdialog').getByRole('status', { name: 'この操作の影響' });
    await impact.waitFor();
    const said = await impact.innerText();
    expect(said).toContain(teamsLine(round.round, teams));
    expect(said).toMatch(
      new RegExp(
        `第${round.round}\\S*ラウンドの個人ランキング（確定）：スコア、アンダーパー連続回数、上位10%連続回数、バーディー数、イーグル数、打率、予選通過成功率`,
      ),
    );
    expect(said).toContain('年間ランキング（この大会のポイント・速報）');
    // Not confirmed: the round stays as it was.
    await cancel.getByRole('button', { name: 'やめる' }).click();
    const after = (await call<OpsTournamentList>('GET', '/api/golf/ops/tournaments', operator)).body;
    expect(
      after.tournaments
        .find((t) => t.game_global_id === tournament.game_global_id)!
        .rounds.find((r) => r.round === round.round)!.cancelled,
    ).toBe(false);

    const errors = session.pageErrors.map((error) => error.message);
    await session.close();
    expect(errors).toEqual([]);
  }, 120_000);
});
