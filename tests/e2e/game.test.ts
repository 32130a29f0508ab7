import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { baseUrl, closeChecked, newPage, useBrowser, waitForPath } from './support/browser';
import { createPlayer } from './support/users';

const browser = useBrowser();
const roundPath = '/schedule/round/4';

/**
 * A player who registers mid-tournament picks a round 4 team in the built site and finds it on my
 * page. What needs a browser: 外す's contrast under the real stylesheet, and my page's order on
 * screen. The screens themselves (picks, AI teams, undo, the round's states, my page's content) are
 * checked in frontend/test/screens/game.test.tsx.
 */
describe('a round 4 team in the browser', () => {
  it('saves an AI team, shows 外す at a readable contrast, and my page leads with the round entered', async () => {
    const { token } = await createPlayer(`e2e-game-${Date.now()}`);
    const session = await newPage(browser());
    const { page } = session;
    await session.context.addCookies([{ name: 'token', value: token, url: baseUrl() }]);

    await page.goto(`${roundPath}/draft/auto/condition`);
    await page.getByTestId('ai-player').nth(3).waitFor();
    await page.getByRole('button', { name: 'このチームで決定' }).click();
    await waitForPath(page, roundPath);
    await page.locator('[data-testid="slot-4"][data-filled="true"]').waitFor();
    expect(await seriousViolations(page, '[data-testid="slot-2"]')).toEqual([]);

    await page.getByRole('link', { name: 'マイページ', exact: true }).first().click();
    await waitForPath(page, '/mypage');
    const lead = page.getByTestId('still-to-win');
    await lead.getByText('ラウンド4にエントリー済みです').waitFor();
    // What can still be won comes before the tournament's score.
    const leadBox = (await lead.boundingBox())!;
    const scoreBox = (await page.getByTestId('my-score').boundingBox())!;
    expect(leadBox.y).toBeLessThan(scoreBox.y);
    await closeChecked(session);
  });
});
