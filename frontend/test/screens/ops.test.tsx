import { screen, waitFor, within } from '@testing-library/dom';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { OpsTournamentList } from '@golf/shared/schemas/ops';
import { answerApi, jsonAnswer, openApp } from './render-app';
import { fill } from './support/accounts';
import { apiAs } from './support/api';

/**
 * The operator console (/ops) as a player who is not an operator sees it: its first call answers
 * 403, which shows the 404 page, so the console is not even seen to exist. That every operator call
 * answers a player 403 is checked route by route in tests/api/access-matrix.test.ts; the console's
 * journeys run in tests/e2e/ops-console.test.ts.
 */
describe('the operator console', () => {
  it.each(['/ops', '/ops/prizes', '/ops/rounds'])('is the 404 page to a player at %s', async (path) => {
    await openApp(path, { as: 'player' });
    await screen.findByText('お探しのページが見つかりませんでした。');
    expect(location.pathname).toBe(path);
    expect(document.querySelector('.ops')).toBeNull();
  });
});

describe('the console setup', () => {
  it('the console edits the tournament in its heading after switching tournaments', async () => {
    const { tournaments } = await apiAs<OpsTournamentList>('opsConsole', 'GET', '/api/golf/ops/tournaments');
    const [first, second] = tournaments.filter((t) => t.venue);
    if (!first || !second) throw new Error('the sample season has fewer than 2 tournaments');
    // The save is answered here, so the sample season stays as it is for the other files.
    const sent: Array<Record<string, unknown>> = [];
    answerApi('/api/golf/ops/tournament/settings', async (request) => {
      sent.push((await request.json()) as Record<string, unknown>);
      return jsonAnswer({ error: 'メンテナンス中です。' }, 503);
    });
    const user = userEvent.setup();
    await openApp(`/ops/setup?game_global_id=${first.game_global_id}`, { as: 'opsConsole' });
    const settings = await screen.findByRole('region', { name: '大会の設定を変更する' });
    expect(within(settings).getByLabelText('会場')).toHaveProperty('value', first.venue);

    await user.selectOptions(screen.getByLabelText('大会'), second.game_global_id);
    const switched = await screen.findByRole('region', { name: '大会の設定を変更する' });
    await within(switched).findByText(`大会ID：${second.game_global_id}`);
    expect(within(switched).getByLabelText('大会名')).toHaveProperty('value', second.tournament_name);
    expect(within(switched).getByLabelText('会場')).toHaveProperty('value', second.venue);
    expect(within(switched).getByLabelText('予選通過（上位の人数、タイを含む）')).toHaveProperty(
      'value',
      String(second.cut?.top ?? 60),
    );

    await fill(within(switched).getByLabelText('会場'), 'スイッチ後の会場');
    await user.click(within(switched).getByRole('button', { name: '変更を保存する' }));
    const confirmation = within(switched).getByRole('alertdialog');
    expect(confirmation.textContent).toContain(
      `${second.tournament_name}（${second.game_global_id}）に保存します。`,
    );
    expect(sent).toEqual([]);
    await user.click(within(confirmation).getByRole('button', { name: '変更を保存する' }));
    await within(switched).findByRole('alert');
    expect(sent).toEqual([
      expect.objectContaining({
        game_global_id: second.game_global_id,
        tournament_name: second.tournament_name,
        venue: 'スイッチ後の会場',
        start_on: second.start_on,
        cut_top: second.cut?.top ?? 60,
      }),
    ]);
  });
});

describe('the console in the operators’ words', () => {
  it('names the operator who acted in the audit log by his name, not his id', async () => {
    const { tournaments } = await apiAs<OpsTournamentList>('opsConsole', 'GET', '/api/golf/ops/tournaments');
    // A finished tournament of the sample season: its prizes were drawn by the sample operator.
    const drawn = tournaments.find((t) => t.rounds.every((r) => r.cancelled || r.results === 'final'))!;
    await openApp(`/ops/rounds?game_global_id=${drawn.game_global_id}&round=4`, { as: 'opsConsole' });
    const log = await screen.findByRole('region', { name: '操作の記録' });
    expect((await within(log).findAllByText('操作した人：運営スタッフ')).length).toBeGreaterThan(0);
    expect(log.textContent).not.toContain('sample-operator');
  });

  it('lists the tournaments of every console selector by start date, newest first', async () => {
    const list = async () =>
      (await apiAs<OpsTournamentList>('opsConsole', 'GET', '/api/golf/ops/tournaments')).tournaments;
    const sample = await list();
    for (const path of ['/ops/setup', '/ops/rounds', '/ops/prizes']) {
      await openApp(path, { as: 'opsConsole' });
      const select = await screen.findByLabelText<HTMLSelectElement>('大会');
      await waitFor(() => expect(select.options.length).toBeGreaterThan(sample.length));
      // Other screen files may add tournaments of their own meanwhile: their dates are read after.
      const startOf = new Map((await list()).map((t) => [t.game_global_id, t.start_on]));
      const shown = [...select.options].filter((option) => option.value).map((option) => option.value);
      const starts = shown.map((id) => startOf.get(id)!);
      expect(starts, path).toEqual([...starts].sort().reverse());
    }
  });
});

describe('the results import', () => {
  it('shows the import’s result above the list it checked, focused, and 取り込む stays off until new input', async () => {
    const changed = Array.from({ length: 45 }, (_, i) => ({
      player_id: `p${i + 1}`,
      name: `選手 ${i + 1}`,
      round: 1,
      before: null,
      after: { strokes: 70, to_par: -2, thru: 18, status: 'active' },
    }));
    const counts = { game_global_id: 'screen-import', rows: 45, players: 45, changed: 45, unchanged: 0 };
    // Answered here: the sample season stays as it is for the other files.
    answerApi('/api/golf/ops/results', async (request) => {
      const body = (await request.json()) as { dry_run?: boolean };
      return body.dry_run
        ? jsonAnswer({ ...counts, imported: false, preview: { players: changed, teams_affected: [] } })
        : jsonAnswer({ ...counts, imported: true });
    });
    const user = userEvent.setup();
    await openApp('/ops/results', { as: 'opsConsole' });
    await fill(await screen.findByLabelText('取り込む内容'), 'game_global_id,round\nscreen-import,1');
    await user.click(screen.getByRole('button', { name: '確認する（まだ取り込みません）' }));
    const check = await screen.findByRole('region', { name: '取り込みの確認' });
    await user.click(within(check).getByRole('button', { name: '取り込む' }));
    await user.click(
      within(within(check).getByRole('alertdialog')).getByRole('button', { name: '取り込む' }),
    );

    const outcome = await within(check).findByRole('status');
    expect(outcome.textContent).toMatch(/^取り込みました：変わったもの 45件/);
    expect(document.activeElement).toBe(outcome);
    const list = within(check).getByRole('list', { name: '変わる選手' });
    expect(outcome.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(check).getByRole<HTMLButtonElement>('button', { name: '取り込む' }).disabled).toBe(true);

    await fill(screen.getByLabelText('取り込む内容'), 'game_global_id,round\nscreen-import,2');
    await user.click(screen.getByRole('button', { name: '確認する（まだ取り込みません）' }));
    const again = await screen.findByRole('region', { name: '取り込みの確認' });
    await waitFor(() =>
      expect(within(again).getByRole<HTMLButtonElement>('button', { name: '取り込む' }).disabled).toBe(false),
    );
  });

  it('says what a field import did in plain words', async () => {
    const { tournaments } = await apiAs<OpsTournamentList>('opsConsole', 'GET', '/api/golf/ops/tournaments');
    const counts = {
      game_global_id: tournaments[0]!.game_global_id,
      rows: 8,
      players: 8,
      changed: 3,
      unchanged: 5,
    };
    answerApi('/api/golf/ops/tournament/field', async (request) => {
      const body = (await request.json()) as { dry_run?: boolean };
      return jsonAnswer({ ...counts, imported: !body.dry_run });
    });
    const user = userEvent.setup();
    await openApp(`/ops/setup?game_global_id=${counts.game_global_id}`, { as: 'opsConsole' });
    const field = await screen.findByRole('region', { name: '出場選手の取り込み' });
    await fill(
      within(field).getByLabelText('出場選手の内容'),
      'player_id,name,name_kana,country\np1,選手,センシュ,JPN',
    );
    await user.click(within(field).getByRole('button', { name: '確認する（まだ取り込みません）' }));
    await user.click(await within(field).findByRole('button', { name: '取り込む' }));
    await user.click(
      within(within(field).getByRole('alertdialog')).getByRole('button', { name: '取り込む' }),
    );
    const said = await within(field).findByText(/^取り込みました/);
    expect(said.textContent).toBe(
      '取り込みました：ファイルの8人のうち、新しい選手か変わった選手は3人です。ファイルにない出場選手は、そのまま残っています。',
    );
  });
});
