import { describe, expect, it } from 'vitest';
import { formatToPar } from '@golf/shared/game/format';
import type { MyScore, RoundView } from '@golf/shared/schemas/game';
import { nowMs } from '../../functions/src/lib/clock';
import { newPage, waitForPath } from './support/browser';
import { operatorToken } from './support/ops';
import { callApi, useOwnStack } from './support/own-stack';
import { createPlayer } from './support/users';

/**
 * A whole round as a player lives it: pick a team while the round is open, the round starts, the
 * results arrive through the operator API, and the score shows up. Moving a deadline and importing
 * results change the season for good, so this journey runs on a stack of its own.
 */
const own = useOwnStack();

async function api<T>(method: string, path: string, token: string, body?: unknown): Promise<T> {
  const answer = await callApi<T>(own.stack(), method, path, token, body);
  if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${answer.text}`);
  return answer.body;
}

describe('round 4 from pick to score', () => {
  it('picks a team, then sees its score on /schedule/score once the results are imported', async () => {
    const { token: player } = await createPlayer(`e2e-results-${Date.now()}`);
    const operator = await operatorToken(own.stack(), 'e2e-operator');

    const session = await newPage(own.browser(), { baseUrl: own.stack().url });
    const { page } = session;
    await session.context.addCookies([{ name: 'token', value: player, url: own.stack().url }]);

    await page.goto('/schedule/round/4/draft/auto/condition');
    await page.getByTestId('ai-player').nth(3).waitFor();
    await page.getByRole('button', { name: 'このチームで決定' }).click();
    await waitForPath(page, '/schedule/round/4');
    await page.locator('[data-testid="slot-4"][data-filled="true"]').waitFor();

    const before = await api<RoundView>('GET', '/api/golf/round/4', player);
    const picks = before.team!.slots.map((slot) => slot!.player.player_id);
    expect(new Set(picks).size).toBe(4);

    // The round starts: operators bring the deadline forward to a minute from now (as after a
    // suspension), the stack's clock passes it, then results come in.
    const deadline = new Date(nowMs() + 60_000);
    await api('POST', '/api/golf/ops/round/deadline', operator, {
      game_global_id: before.game_global_id,
      round: 4,
      deadline_at: deadline.toISOString(),
      reason: '天候による変更',
    });
    await own.stack().setClock(new Date(deadline.getTime() + 1_000));

    const toPars = [-3, 1, 0, -2];
    await api('POST', '/api/golf/ops/results', operator, {
      format: 'json',
      content: JSON.stringify({
        game_global_id: before.game_global_id,
        results: picks.map((player_id, index) => ({
          round: 4,
          player_id,
          strokes: 72 + toPars[index]!,
          to_par: toPars[index],
          thru: 18,
          birdies: 4,
          eagles: 0,
          bogeys: 2,
          status: 'active',
        })),
      }),
    });
    const expected = -4;

    await page.goto('/schedule/score');
    const round4 = page.getByTestId('my-score-round-4');
    await round4.waitFor();
    expect(await round4.locator('.my-score-value').innerText()).toBe(formatToPar(expected));
    const myScore = await api<MyScore>('GET', '/api/golf/schedule/score/me', player);
    expect(myScore.rounds[3]!.score).toMatchObject({ kind: 'scored', score: expected, provisional: true });
    expect(await page.getByTestId('my-score-total').innerText()).toBe(formatToPar(myScore.total.score));

    await page.goto('/schedule/round/4');
    const teamScore = page.getByTestId('team-score');
    await teamScore.waitFor();
    expect(await teamScore.innerText()).toBe(formatToPar(expected));
    expect(await page.locator('.notice').first().innerText()).toContain('天候による変更');

    // The deadline has passed: the team can be shared as a card drawn on the server.
    await page.getByRole('button', { name: 'シェア画像を作る' }).click();
    const card = page.getByTestId('share-card');
    await card.waitFor({ timeout: 60_000 });
    const image = card.getByRole('img', { name: '第4ラウンドのチームと順位の画像' });
    await expect
      .poll(() => image.evaluate((element) => (element as unknown as { naturalWidth: number }).naturalWidth))
      .toBe(1200);
    const pageUrl = await card.getByRole('link', { name: '共有ページを開く' }).getAttribute('href');
    const html = await (await fetch(pageUrl!)).text();
    expect(html).toContain(`<meta property="og:image" content="${await image.getAttribute('src')}">`);
    expect(await card.getByRole('link', { name: 'X でシェア' }).getAttribute('href')).toContain(
      encodeURIComponent(pageUrl!),
    );
    // The page on the storage origin, under its CSP: styled by its own stylesheet, with a way into the game.
    const shared = await session.context.newPage();
    await shared.goto(pageUrl!);
    const play = shared.getByRole('link', { name: 'ゴルフドリームチームで遊ぶ' });
    expect(await play.getAttribute('href')).toBe(`${own.stack().url}/`);
    expect(
      await play.evaluate(
        (link) =>
          (
            globalThis as unknown as { getComputedStyle(node: unknown): { backgroundColor: string } }
          ).getComputedStyle(link).backgroundColor,
      ),
    ).toBe('rgb(31, 138, 87)');
    expect(await shared.content()).not.toContain('/guild/code');
    await shared.close();

    const errors = session.pageErrors.map((error) => error.message);
    await session.close();
    expect(errors).toEqual([]);
  });
});
