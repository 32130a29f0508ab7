import { describe, expect, inject, it } from 'vitest';
import { formatToPar } from '@golf/shared/game/format';
import { formatYearlyPoints } from '@golf/shared/game/yearly-points';
import { seasonHistorySchema } from '@golf/shared/schemas/season-history';
import { resetConfig } from '../../functions/src/lib/config';
import { signLocalAccessToken } from '../../functions/src/lib/local-issuer';
import { seriousViolations } from './support/axe';
import { baseUrl, closeChecked, newPage, useBrowser } from './support/browser';
import { createPlayer } from './support/users';

for (const [name, value] of Object.entries(inject('stackEnv'))) process.env[name] = value;
resetConfig();

const browser = useBrowser();

describe('season charts on /mypage', () => {
  it("draws the sample player's round scores, ranks and points, each with a table of the same figures", async () => {
    const { token } = await signLocalAccessToken({ sub: 'sample-user-0005' });
    const response = await fetch(`${baseUrl()}/api/golf/schedule/score/season`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const season = seasonHistorySchema.parse(await response.json());
    expect(season.tournaments.length).toBeGreaterThan(1);

    const session = await newPage(browser());
    const { page } = session;
    await session.context.addCookies([{ name: 'token', value: token, url: baseUrl() }]);
    await page.goto('/mypage');
    const roundTable = page.getByRole('table', { name: 'ラウンドごとのスコアと順位' });
    await roundTable.waitFor();

    const expectedRounds = season.tournaments.flatMap((t) =>
      t.rounds.map((r) => [
        t.tournament_name,
        `第${r.round}R`,
        r.cancelled ? '中止' : r.score === null ? '集計中' : formatToPar(r.score),
        r.rank === null ? '－' : `${r.rank}位 / ${r.ranked}人`,
      ]),
    );
    const cells = (row: string) =>
      page
        .locator(`${row} tbody tr`)
        .evaluateAll((rows) =>
          rows.map((tr) =>
            Array.from(
              (tr as unknown as { children: ArrayLike<{ textContent: string | null }> }).children,
              (cell) => (cell.textContent ?? '').trim(),
            ),
          ),
        );
    expect(await cells('[data-testid="season-round-table"]')).toEqual(expectedRounds);
    expect(await cells('[data-testid="season-points-table"]')).toEqual(
      season.tournaments.map((t) => [
        `${t.tournament_name}${t.provisional ? '（速報）' : ''}`,
        t.points === null ? '－' : formatYearlyPoints(t.points),
        `${t.entrants}人`,
      ]),
    );

    // The charts are images named by their title; the line charts have a dot per figure.
    const played = season.tournaments.flatMap((t) => t.rounds.filter((r) => !r.cancelled));
    const scoreChart = page.getByRole('img', { name: /ラウンドスコアの推移/ });
    expect(await scoreChart.locator('circle').count()).toBe(played.filter((r) => r.score !== null).length);
    const rankChart = page.getByRole('img', { name: /順位の推移/ });
    expect(await rankChart.locator('circle').count()).toBe(played.filter((r) => r.rank !== null).length);
    const pointsChart = page.getByRole('img', { name: /大会ごとの年間ポイント/ });
    expect(await pointsChart.locator('rect').count()).toBe(season.tournaments.length);
    expect(await scoreChart.getAttribute('aria-labelledby')).toMatch(/ /);

    expect(await seriousViolations(page, '[data-testid="season-charts"]')).toEqual([]);
    await closeChecked(session);
  });

  it('says plainly that a new player has no season yet', async () => {
    const { token } = await createPlayer(`e2e-season-${Date.now()}`);
    const session = await newPage(browser());
    await session.context.addCookies([{ name: 'token', value: token, url: baseUrl() }]);
    await session.page.goto('/mypage');
    await session.page.getByText('今シーズンの成績はまだありません').waitFor();
    expect(await session.page.getByTestId('season-charts').locator('svg[role="img"]').count()).toBe(0);
    await closeChecked(session);
  });
});
