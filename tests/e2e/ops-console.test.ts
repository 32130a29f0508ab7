import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { RoundField } from '@golf/shared/schemas/game';
import type { RankingPageResponse } from '@golf/shared/schemas/ranking';
import type { OpsRoundResults, OpsTournamentList } from '@golf/shared/schemas/ops';
import { teamRepository } from '../../functions/src/db/repositories/team-repository';
import { closeChecked, downloadedText, reusedPage } from './support/browser';
import { operatorToken, publishedSnapshot as published } from './support/ops';
import { callApi, useOwnStack } from './support/own-stack';

/**
 * The operators' journeys on the sample season, which they change for good, on a stack of their own
 * (one for the file: the tests run in their order). First a correction of one value of one player's
 * final round: the form opens with the stored values, only the changed value is sent, and the rest
 * of the row and every ranking that does not read that value stay as they were; a correction from a
 * form opened before another operator's change is refused, and the form shows the row as it is now.
 * Before a correction or a cancel runs, its confirmation counts the saved teams it changes and names
 * the rankings that move. Then an operator runs the rest of the sample tournament from the console:
 * the results of each round left checked and imported, the round marked final, the next one started,
 * the prizes drawn and their winners exported (after the cancel's confirmation, which needs a played
 * round of it still open).
 */
const own = useOwnStack();
const screenshots = process.env['OPS_SCREENSHOTS'];

const call = <T = unknown>(method: string, path: string, token: string, body?: unknown) =>
  callApi<T>(own.stack(), method, path, token, body);

/** Every active player of the field finishes the round at a to-par of his own. */
function resultsCsv(field: RoundField, round: number): string {
  const rows = field.players
    .filter((p) => p.status === 'active')
    .map((p, i) => {
      const toPar = (i % 9) - 4;
      return [field.game_global_id, round, p.player_id, 72 + toPar, toPar, 18, 3, 0, 2, 'active'].join(',');
    });
  return ['game_global_id,round,player_id,strokes,to_par,thru,birdies,eagles,bogeys,status', ...rows].join(
    '\n',
  );
}

/** 'YYYY-MM-DDTHH:mm' of an instant in Tokyo, as a datetime-local input takes it. */
const tokyoInput = (ms: number) => new Date(ms + 9 * 3600_000).toISOString().slice(0, 16);

async function shot(page: Page, name: string) {
  if (screenshots) await page.screenshot({ path: join(screenshots, `${name}.png`), fullPage: true });
}

/** Presses an action's button, then the confirmation it asks for. */
async function confirm(scope: Page | Locator, label: string) {
  await scope.getByRole('button', { name: label, exact: true }).click();
  await scope.getByRole('alertdialog').getByRole('button', { name: label, exact: true }).click();
}

/** `teams`: how the preview's count of affected teams must read. */
async function importResults(page: Page, gameGlobalId: string, csv: string, round: number, teams: string) {
  await page.goto(`/ops/results?game_global_id=${gameGlobalId}`);
  await page.getByLabel('取り込む内容').fill(csv);
  await page.getByRole('button', { name: '確認する（まだ取り込みません）' }).click();
  const check = page.getByRole('region', { name: '取り込みの確認' });
  await check.waitFor();
  expect(await check.innerText()).toContain(`第${round}ラウンド`);
  expect(await check.innerText()).toMatch(new RegExp(`影響するチーム：第${round}ラウンド ${teams}チーム`));
  await shot(page, `results-preview-round-${round}`);
  await confirm(page, '取り込む');
  await check.getByText(/^取り込みました/).waitFor();
}

/**
 * Marks a round final. A round whose teams were never settled (no carry-over on this stack) or that
 * has fewer teams than the carry-over gives is refused with the reasons first; the operator then ticks
 * the override and confirms again, and the outcome lists what was accepted.
 */
async function markFinal(page: Page, gameGlobalId: string, round: number) {
  await page.goto(`/ops/rounds?game_global_id=${gameGlobalId}&round=${round}`);
  const section = page.getByRole('region', { name: '結果の確定' });
  await confirm(section, '確定する');
  const done = section.getByText(/^記録しました/);
  const refused = section.getByRole('alert');
  await done.or(refused).waitFor();
  if (await refused.isVisible()) {
    expect(await refused.innerText()).toContain('確定の前に確認してください');
    await section.getByLabel('確認事項があっても確定する').check();
    await confirm(section, '確定する');
    await done.waitFor();
    expect(await done.innerText()).toContain('確認事項を承知のうえ確定しました');
  }
}

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
    const operator = await operatorToken(own.stack(), 'e2e-correct');
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

    const session = await reusedPage(own.browser(), { baseUrl: own.stack().url });
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

    await closeChecked(session);
  }, 120_000);

  it('from a form opened before another operator’s change is refused, and shows the row as it is now', async () => {
    const operator = await operatorToken(own.stack(), 'e2e-correct-a');
    const other = await operatorToken(own.stack(), 'e2e-correct-b');
    const { id, round, rows } = await finalRound(operator);
    const target = rows.players.filter((p) => p.status === 'active' && p.to_par !== null).at(-1)!;

    const session = await reusedPage(own.browser(), { baseUrl: own.stack().url });
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

    await closeChecked(session);
  }, 120_000);
});

describe('the confirmation of a cancel', () => {
  it('counts the round’s saved teams and names its rankings before anything is cancelled', async () => {
    const operator = await operatorToken(own.stack(), 'e2e-cancel-check');
    const { tournaments } = (await call<OpsTournamentList>('GET', '/api/golf/ops/tournaments', operator))
      .body;
    // A played round still open to changes: the live tournament's round that is locked and not final.
    const [tournament, round] = tournaments
      .filter((t) => !t.cancelled)
      .flatMap((t) => t.rounds.map((r) => [t, r] as const))
      .find(([, r]) => r.locked && !r.cancelled && r.results !== 'final')!;
    const teams = (await storedTeams(tournament.game_global_id, round.round)).length;
    expect(teams).toBeGreaterThan(0);

    const session = await reusedPage(own.browser(), { baseUrl: own.stack().url });
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

    await closeChecked(session);
  }, 120_000);
});

describe('the operator console', () => {
  it('runs the tournament to its end: import with a preview, final, deadline, draw, winners export', async () => {
    const operator = await operatorToken(own.stack(), 'e2e-ops');
    const { tournaments } = (await call('GET', '/api/golf/ops/tournaments', operator))
      .body as OpsTournamentList;
    // The sample season's tournament in progress (which round depends on the hour in Tokyo).
    const current = tournaments.find(
      (t) =>
        !t.cancelled && t.rounds[0]!.locked && t.rounds.some((r) => !r.cancelled && r.results !== 'final'),
    )!;
    const id = current.game_global_id;
    const open = current.rounds.filter((r) => !r.cancelled && r.results !== 'final');

    const session = await reusedPage(own.browser(), { baseUrl: own.stack().url });
    const { page } = session;
    await session.context.addCookies([{ name: 'token', value: operator, url: own.stack().url }]);

    await page.goto('/ops');
    const card = page.locator(`[data-tournament="${id}"]`);
    await card.waitFor();
    expect(await card.locator('[data-round="1"]').innerText()).toContain('締め切り済み');
    expect(await card.locator('[data-round="4"]').innerText()).toContain(
      open.at(-1)!.locked ? '締め切り済み' : '受付中',
    );
    await shot(page, 'ops-home-375');
    await page.setViewportSize({ width: 1280, height: 900 });
    await shot(page, 'ops-home-desktop');
    await page.setViewportSize({ width: 375, height: 812 });

    // Every round left is played to its end: started now if still open (a deadline moved into the past
    // asks for force), its results previewed and imported, then marked final. A round still open that
    // already has results (the sample's live round before its first tee in Tokyo) cannot start early:
    // it is cancelled instead, which the console also asks to confirm.
    for (const round of open) {
      if (!round.locked && round.results !== 'none') {
        await page.goto(`/ops/rounds?game_global_id=${id}&round=${round.round}`);
        const cancel = page.getByRole('region', { name: 'ラウンドの中止' });
        await cancel.getByLabel(/^理由/).fill('荒天のため');
        await confirm(cancel, 'ラウンドを中止する');
        await cancel.getByText(/^記録しました/).waitFor();
        continue;
      }
      if (!round.locked) {
        await page.goto(`/ops/rounds?game_global_id=${id}&round=${round.round}`);
        const move = page.getByRole('region', { name: '締め切りの変更' });
        await move.locator('input[type="datetime-local"]').fill(tokyoInput(Date.now() - 60_000));
        await move.getByLabel('理由（ラウンドの画面に表示されます）').fill('雷雲接近のため');
        // Before it runs, the confirmation counts the saved teams the past instant would lock.
        const saved = (await teamRepository.listRound(id, round.round)).length;
        await move.getByRole('button', { name: '締め切りを変更する', exact: true }).click();
        const impact = move.getByRole('alertdialog').getByRole('status', { name: 'この操作の影響' });
        await impact.waitFor();
        expect(await impact.innerText()).toContain(
          saved
            ? `影響する保存済みのチーム：${saved.toLocaleString('ja-JP')}件`
            : '影響する保存済みのチームはありません。',
        );
        await move
          .getByRole('alertdialog')
          .getByRole('button', { name: '締め切りを変更する', exact: true })
          .click();
        expect(await move.getByRole('alert').innerText()).toContain('ただちに締め切られます');
        await move.getByLabel(/過去の時刻にする/).check();
        await confirm(move, '締め切りを変更する');
        expect(await move.getByRole('status').innerText()).toMatch(/締め切られたチーム：\d+/);
        await shot(page, `ops-rounds-${round.round}`);
      }
      const field = (await call('GET', `/api/golf/round/${round.round}/field?game_global_id=${id}`, operator))
        .body as RoundField;
      // The teams saved before the deadline (and those carried over, when the job has run).
      await importResults(page, id, resultsCsv(field, round.round), round.round, '\\d+');
      await markFinal(page, id, round.round);
    }

    // Prizes: preview (who and why fewer), draw the previewed winners, export.
    await page.goto(`/ops/prizes?game_global_id=${id}`);
    await page.getByRole('button', { name: '抽選結果を確認する（まだ抽選しません）' }).click();
    const preview = page.getByRole('region', { name: '抽選の確認' });
    await preview.waitFor();
    const winner = preview.locator(`[data-prize="game-${id}-1"] .ops-winners li`).first();
    const firstPlace = (await winner.innerText()).replace(/^1\. /, '');
    await shot(page, 'ops-prize-preview');
    await confirm(preview, '抽選する');
    await preview.getByRole('list', { name: '抽選しました' }).waitFor();

    await page.getByRole('button', { name: '当選者を CSV に書き出す' }).click();
    const link = page.getByRole('link', { name: `winners-${id}.csv を保存` });
    await link.waitFor();
    // Saved as the operator would: the browser's download of the link.
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const csv = await downloadedText(download);
    const lines = csv
      .replace(/^\ufeff/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toContain('"rank","user_id","nickname","claim_email","claimed_at"');
    expect(lines.find((line) => line.includes(`"game-${id}-1"`))).toContain(`"1","`);
    expect(lines.find((line) => line.includes(`"game-${id}-1"`))).toContain(`"${firstPlace}"`);
    await shot(page, 'ops-prizes-export');

    const after = (await call('GET', '/api/golf/ops/tournaments', operator)).body as OpsTournamentList;
    expect(after.tournaments.find((t) => t.game_global_id === id)!.rounds.map((r) => r.results)).toEqual(
      current.rounds.map((r) => (r.cancelled || (!r.locked && r.results !== 'none') ? r.results : 'final')),
    );

    await closeChecked(session);
  }, 120_000);
});
