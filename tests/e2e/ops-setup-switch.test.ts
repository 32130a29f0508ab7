import { describe, expect, it } from 'vitest';
import type { OpsTournament, OpsTournamentList } from '@golf/shared/schemas/ops';
import { closeChecked, newPage } from './support/browser';
import { operatorToken } from './support/ops';
import { callApi, useOwnStack } from './support/own-stack';

/**
 * An operator on a phone (375 px) switches tournaments in the console's 大会の準備 and saves one
 * changed field: the change lands on the tournament the heading names, and the one chosen before is
 * left as it was. The save changes the season, so the file has a stack of its own.
 */
const own = useOwnStack();

/** What the settings form saves of a tournament (a round's lock moves with the clock, not with a save). */
const settingsOf = (t: OpsTournament) => ({
  season_id: t.season_id,
  tournament_name: t.tournament_name,
  venue: t.venue,
  start_on: t.start_on,
  end_on: t.end_on,
  cut: t.cut,
  deadlines: t.rounds.map((r) => r.deadline_at),
});

describe('the tournament settings after switching tournaments', () => {
  it('the console edits the tournament in its heading after switching tournaments, on a phone', async () => {
    const operator = await operatorToken(own.stack(), 'e2e-setup-switch');
    const list = async () =>
      (await callApi<OpsTournamentList>(own.stack(), 'GET', '/api/golf/ops/tournaments', operator)).body
        .tournaments;
    const before = await list();
    const [first, second] = before;
    if (!first || !second) throw new Error('the sample season has fewer than 2 tournaments');

    const session = await newPage(own.browser(), { baseUrl: own.stack().url });
    const { page } = session;
    expect(page.viewportSize()?.width).toBe(375);
    await session.context.addCookies([{ name: 'token', value: operator, url: own.stack().url }]);
    await page.goto(`/ops/setup?game_global_id=${first.game_global_id}`);
    const settings = page.getByRole('region', { name: '大会の設定を変更する' });
    await settings.getByText(`大会ID：${first.game_global_id}`).waitFor();

    await page.getByLabel(/^大会/).first().selectOption(second.game_global_id);
    await settings.getByText(`大会ID：${second.game_global_id}`).waitFor();
    expect(await settings.getByLabel('大会名', { exact: true }).inputValue()).toBe(second.tournament_name);
    await settings.getByLabel('会場', { exact: true }).fill('スイッチゴルフ倶楽部');
    await settings.getByRole('button', { name: '変更を保存する', exact: true }).click();
    const confirmation = settings.getByRole('alertdialog');
    expect(await confirmation.innerText()).toContain(
      `${second.tournament_name}（${second.game_global_id}）に保存します。`,
    );
    await confirmation.getByRole('button', { name: '変更を保存する', exact: true }).click();
    await settings.getByText(/^保存しました/).waitFor();

    const after = await list();
    const saved = (id: string) => settingsOf(after.find((t) => t.game_global_id === id)!);
    expect(saved(second.game_global_id)).toMatchObject({
      ...settingsOf(second),
      venue: 'スイッチゴルフ倶楽部',
      // A tournament on the game's default cut is saved with it spelled out.
      cut: second.cut ?? { after_round: 2, top: 60 },
    });
    expect(saved(first.game_global_id)).toEqual(settingsOf(first));
    await closeChecked(session);
  }, 120_000);
});
