import { screen, within } from '@testing-library/dom';
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
