import { screen, waitFor } from '@testing-library/dom';
import { describe, expect, it } from 'vitest';
import { formatToPar } from '@golf/shared/game/format';
import { formatYearlyPoints } from '@golf/shared/game/yearly-points';
import type { SeasonHistory } from '@golf/shared/schemas/season-history';
import { answerApi, jsonAnswer, openApp } from './render-app';
import { apiAs } from './support/api';
import { tableCells } from './support/community';

/**
 * The season charts on /mypage: a sample player's round scores, ranks and points, each with a table
 * of the same figures, and a new player's empty season. Their accessibility is checked in a browser
 * (tests/e2e/community.test.ts).
 */
const chart = (name: RegExp) => screen.getByRole('img', { name });

describe('season charts on /mypage', () => {
  it("draws the sample player's round scores, ranks and points, each with a table of the same figures", async () => {
    const season = await apiAs<SeasonHistory>('seasonPlayer', 'GET', '/api/golf/schedule/score/season');
    expect(season.tournaments.length).toBeGreaterThan(1);

    await openApp('/mypage', { as: 'seasonPlayer' });
    await screen.findByRole('table', { name: 'ラウンドごとのスコアと順位' });
    expect(tableCells('[data-testid="season-round-table"]')).toEqual(
      season.tournaments.flatMap((t) =>
        t.rounds.map((r) => [
          t.tournament_name,
          `第${r.round}R`,
          r.cancelled ? '中止' : r.score === null ? '集計中' : formatToPar(r.score),
          r.rank === null ? '－' : `${r.rank}位 / ${r.ranked}人`,
        ]),
      ),
    );
    expect(tableCells('[data-testid="season-points-table"]')).toEqual(
      season.tournaments.map((t) => [
        `${t.tournament_name}${t.provisional ? '（速報）' : ''}`,
        t.points === null ? '－' : formatYearlyPoints(t.points),
        `${t.entrants}人`,
      ]),
    );

    // The charts are images named by their title; the line charts have a dot per figure.
    const played = season.tournaments.flatMap((t) => t.rounds.filter((r) => !r.cancelled));
    const scoreChart = chart(/ラウンドスコアの推移/);
    expect(scoreChart.querySelectorAll('circle')).toHaveLength(played.filter((r) => r.score !== null).length);
    expect(chart(/順位の推移/).querySelectorAll('circle')).toHaveLength(
      played.filter((r) => r.rank !== null).length,
    );
    expect(chart(/大会ごとの年間ポイント/).querySelectorAll('rect')).toHaveLength(season.tournaments.length);
    expect(scoreChart.getAttribute('aria-labelledby')).toMatch(/ /);
  });

  it('says plainly that a new player has no season yet', async () => {
    await openApp('/mypage', { as: 'newcomer' });
    await screen.findByText('今シーズンの成績はまだありません');
    await waitFor(() =>
      expect(screen.getByTestId('season-charts').querySelectorAll('svg[role="img"]')).toHaveLength(0),
    );
  });

  it('the season chart labels each round by its own date', async () => {
    const season: SeasonHistory = {
      season_id: 2026,
      tournaments: [
        {
          game_global_id: 'screen-season',
          tournament_name: 'ラベルオープン',
          start_on: '2026-11-27',
          rounds: [1, 2, 3, 4].map((round) => ({
            round,
            play_on: `2026-11-${26 + round}`,
            score: -round,
            rank: round,
            ranked: 10,
            cancelled: false,
          })),
          points: 900,
          entrants: 10,
          provisional: false,
        },
      ],
    };
    answerApi('/api/golf/schedule/score/season', () => jsonAnswer(season));
    await openApp('/mypage', { as: 'seasonPlayer' });
    await screen.findByRole('table', { name: 'ラウンドごとのスコアと順位' });
    for (const name of [/ラウンドスコアの推移/, /順位の推移/])
      expect(
        [...chart(name).querySelectorAll('.chart__mark text')].map((label) => label.textContent),
      ).toEqual(['11/27', '11/28', '11/29', '11/30']);
  });
});
