import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { RoundField } from '@golf/shared/schemas/game';
import type { OpsTournamentList } from '@golf/shared/schemas/ops';
import { teamRepository } from '../../functions/src/db/repositories/team-repository';
import { downloadedText, newPage } from './support/browser';
import { operatorToken } from './support/ops';
import { callApi, useOwnStack } from './support/own-stack';

/**
 * An operator runs the rest of the sample tournament from the console: results of round 3 checked
 * and imported, the round marked final, round 4 started, scored and marked final, the prizes drawn
 * and their winners exported. It changes the season for good, so it runs on a stack of its own.
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
 * has fewer teams than the round before is refused with the reasons first; the operator then ticks
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

describe('the operator console', () => {
  it('runs the tournament to its end: import with a preview, final, deadline, draw, winners export', async () => {
    const operator = await operatorToken('e2e-ops');
    const { tournaments } = (await call('GET', '/api/golf/ops/tournaments', operator))
      .body as OpsTournamentList;
    // The sample season's tournament in progress (which round depends on the hour in Tokyo).
    const current = tournaments.find(
      (t) =>
        !t.cancelled && t.rounds[0]!.locked && t.rounds.some((r) => !r.cancelled && r.results !== 'final'),
    )!;
    const id = current.game_global_id;
    const open = current.rounds.filter((r) => !r.cancelled && r.results !== 'final');

    const session = await newPage(own.browser(), { baseUrl: own.stack().url });
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

    const errors = session.pageErrors.map((error) => error.message);
    await session.close();
    expect(errors).toEqual([]);
  }, 120_000);
});
