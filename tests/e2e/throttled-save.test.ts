import { describe, expect, it } from 'vitest';
import type { RoundView } from '@golf/shared/schemas/game';
import { teamRepository } from '../../functions/src/db/repositories/team-repository';
import { newPage, waitForPath } from './support/browser';
import { callApi, useOwnStack } from './support/own-stack';
import { createPlayer } from './support/users';

/**
 * A team saved while the table is busy: the local stack's fault hook (`POST /dev/faults`)
 * throttles the next team-save transactions, as DynamoDB throttles them under a spike. The SPA sends
 * the save again by itself, says so meanwhile, and the team is stored by exactly one write. On a
 * stack of its own, whose API runs in this process with the hook's count.
 */
const own = useOwnStack();
const roundPath = '/schedule/round/4';

async function throttleTeamSaves(count: number): Promise<number> {
  const response = await fetch(new URL('/dev/faults', own.stack().url), {
    method: count < 0 ? 'GET' : 'POST',
    ...(count < 0
      ? {}
      : {
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ throttle_team_saves: count }),
        }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { throttle_team_saves: number }).throttle_team_saves;
}

describe('a team saved while the server is busy', () => {
  it('is sent again by itself with a plain status shown, and stored with one write', async () => {
    const { userId, token } = await createPlayer(`e2e-busy-${Date.now()}`);
    const session = await newPage(own.browser(), { baseUrl: own.stack().url });
    const { page } = session;
    await session.context.addCookies([{ name: 'token', value: token, url: own.stack().url }]);

    await page.goto(`${roundPath}/draft/auto/condition`);
    await page.getByTestId('ai-player').nth(3).waitFor();
    await throttleTeamSaves(2);
    await page.getByRole('button', { name: 'このチームで決定' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: '混み合っています。自動で保存を再試行しています…' })
      .waitFor();

    await waitForPath(page, roundPath);
    await page.locator('[data-testid="slot-4"][data-filled="true"]').waitFor();
    expect(await throttleTeamSaves(-1)).toBe(0);
    expect(await page.getByRole('alert').count()).toBe(0);

    const view = await callApi<RoundView>(own.stack(), 'GET', '/api/golf/round/4', token);
    const stored = await teamRepository.get(view.body.game_global_id, 4, userId);
    expect(stored?.picks).toHaveLength(4);
    expect(stored?.version).toBe(1);
    await session.close();
  });
});
