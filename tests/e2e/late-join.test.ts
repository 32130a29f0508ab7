import { describe, expect, inject, it } from 'vitest';
import type { MyScore } from '@golf/shared/schemas/game';
import { resetConfig } from '../../functions/src/lib/config';
import { baseUrl, closeChecked, newPage, useBrowser, waitForPath } from './support/browser';
import { createPlayer } from './support/users';

for (const [name, value] of Object.entries(inject('stackEnv'))) process.env[name] = value;
resetConfig();

const browser = useBrowser();

describe('a player who registers mid-tournament', () => {
  it('sees the closed rounds as 途中参加 with the rule, led by the round still open', async () => {
    const { token } = await createPlayer(`e2e-late-${Date.now()}`);
    const mine = (await (
      await fetch(`${baseUrl()}/api/golf/schedule/score/me`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as MyScore;
    const late = mine.rounds.filter((round) => round.late_join);
    // The round that takes picks now, as the screens judge it (no results yet, deadline ahead).
    const open = mine.rounds.find(
      (round) => round.status === 'scheduled' && Date.parse(round.deadline_at) > Date.now(),
    );
    expect(late.length).toBeGreaterThan(0);

    const session = await newPage(browser());
    const { page } = session;
    await session.context.addCookies([{ name: 'token', value: token, url: baseUrl() }]);
    await page.goto('/mypage');
    const lead = page.getByTestId('still-to-win');
    await lead.waitFor();
    // What can still be won comes before the tournament's score.
    const leadBox = (await lead.boundingBox())!;
    const scoreBox = (await page.getByTestId('my-score').boundingBox())!;
    expect(leadBox.y).toBeLessThan(scoreBox.y);
    if (open) {
      expect(await lead.getByRole('link', { name: 'チームを編成する' }).getAttribute('href')).toBe(
        `/schedule/round/${open.round}`,
      );
      expect(await lead.getByRole('link', { name: `ラウンド${open.round}のランキング` }).isVisible()).toBe(
        true,
      );
    }
    if (open) {
      // A team saved for the open round shows on my page at once, without a reload.
      await lead.getByRole('link', { name: 'チームを編成する' }).click();
      await waitForPath(page, `/schedule/round/${open.round}`);
      await page.getByRole('link', { name: /コンディション重視/ }).click();
      await page.getByTestId('ai-player').nth(3).waitFor();
      await page.getByRole('button', { name: 'このチームで決定' }).click();
      await waitForPath(page, `/schedule/round/${open.round}`);
      await page.locator('[data-testid="slot-4"][data-filled="true"]').waitFor();
      await page.getByRole('link', { name: 'マイページ', exact: true }).first().click();
      await waitForPath(page, '/mypage');
      await lead.getByText(`ラウンド${open.round}にエントリー済みです`).waitFor();
      expect(await lead.getByRole('link', { name: 'チームを見る' }).getAttribute('href')).toBe(
        `/schedule/round/${open.round}`,
      );
    }
    for (const round of late)
      expect(await page.getByTestId(`my-score-round-${round.round}`).innerText()).toContain('途中参加');
    expect(await page.getByTestId('late-join-note').innerText()).toContain('途中参加');
    await closeChecked(session);
  });
});
