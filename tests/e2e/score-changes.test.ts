import { describe, expect, inject, it } from 'vitest';
import type { RoundField } from '@golf/shared/schemas/game';
import { scoreChangeRepository } from '../../functions/src/db/repositories/score-change-repository';
import { resetConfig } from '../../functions/src/lib/config';
import { apiGet, baseUrl, closeChecked, newPage, useBrowser } from './support/browser';
import { createPlayer } from './support/users';

for (const [name, value] of Object.entries(inject('stackEnv'))) process.env[name] = value;
resetConfig();

const browser = useBrowser();

describe('why my score moved', () => {
  it('the round page and my page list the corrections and AUTO players that moved my score', async () => {
    const userId = `e2e-changes-${Date.now()}`;
    const { token } = await createPlayer(userId);
    const field = await apiGet<RoundField>('/api/golf/round/4/field');
    const [leaving, coming] = field.players;
    const gid = field.game_global_id;
    // What the score step and the deadline's settlement write (tests/api/score-changes.test.ts).
    await scoreChangeRepository.write([
      {
        game_global_id: gid,
        round: 1,
        user_id: userId,
        id: 'e2e-correction',
        at: new Date(Date.now() - 3600_000).toISOString(),
        cause: 'correct_result',
        reason: 'スコアカードの誤記（15番 5→4）',
        note: '結果を訂正しました',
        before: { kind: 'scored', score: 3, provisional: false },
        after: { kind: 'scored', score: 2, provisional: false },
        replaced: [],
      },
      {
        game_global_id: gid,
        round: 2,
        user_id: userId,
        id: 'e2e-settle',
        at: new Date(Date.now() - 2 * 3600_000).toISOString(),
        cause: 'auto_replacement',
        reason: null,
        note: '入れ替えました',
        before: null,
        after: null,
        replaced: [{ slot: 3, from: leaving!.player_id, to: coming!.player_id }],
      },
    ]);
    const session = await newPage(browser());
    const { page } = session;
    await session.context.addCookies([{ name: 'token', value: token, url: baseUrl() }]);

    await page.goto('/schedule/round/1');
    const history = page.getByTestId('score-changes');
    await history.waitFor();
    const changes = history.getByTestId('score-change');
    expect(await changes.count()).toBe(1);
    const correction = await changes.first().innerText();
    expect(correction).toContain('結果の訂正');
    expect(correction).toContain('+3（確定） → +2（確定）');
    expect(correction).toContain('理由：スコアカードの誤記（15番 5→4）');

    await page.goto('/schedule/round/2');
    await history.waitFor();
    expect(await history.innerText()).toContain(`ドラフト3：${leaving!.name} → ${coming!.name} (AUTO)`);

    await page.goto('/mypage');
    await history.waitFor();
    await expect.poll(() => changes.count()).toBe(2);
    expect(await changes.first().innerText()).toContain('第1ラウンド');
    expect(await changes.nth(1).innerText()).toContain('自動入れ替え');
    await closeChecked(session);
  });
});
