import { describe, expect, it } from 'vitest';
import type { PickRecord, UserRoundRecord } from './personal-ranking';
import {
  battingAverage,
  birdieCount,
  eagleCount,
  personalMetric,
  personalRankingDirection,
  personalRankingLabels,
  personalRankingTitle,
  scoreMetric,
  successRate,
  topTenPercentStreak,
  underParStreak,
} from './personal-ranking';

const pick = (to_par: number | null, extra: Partial<PickRecord> = {}): PickRecord => ({
  player_id: 'p',
  to_par,
  birdies: 0,
  eagles: 0,
  made_cut: null,
  ...extra,
});
const round = (team_score: number, extra: Partial<UserRoundRecord> = {}): UserRoundRecord => ({
  state: 'scored',
  has_team: true,
  team_score,
  top_ten_percent: false,
  picks: [],
  ...extra,
});

describe('personal ranking metrics', () => {
  it('1 SCORE sums scored rounds (no-team penalties included), cancelled and pending left out', () => {
    expect(
      scoreMetric([
        round(-3),
        round(8, { has_team: false }),
        round(99, { state: 'cancelled' }),
        round(50, { state: 'pending' }),
      ]),
    ).toBe(5);
    expect(scoreMetric([round(1, { state: 'cancelled' })])).toBeNull();
  });

  it('2 longest streak of under-par team rounds; a no-team round breaks it, a cancelled one does not', () => {
    const rounds = [
      round(-1),
      round(-2),
      round(0),
      round(-1),
      round(5, { state: 'cancelled' }),
      round(-3),
      round(-4),
      round(-8, { has_team: false }),
      round(-1),
    ];
    expect(underParStreak(rounds)).toBe(3);
    expect(underParStreak([])).toBe(0);
  });

  it('3 longest streak of top-10% rounds', () => {
    const t = { top_ten_percent: true };
    expect(topTenPercentStreak([round(0, t), round(0), round(0, t), round(0, t)])).toBe(2);
  });

  it('4 and 5 count birdies and eagles of picks in rounds they completed', () => {
    const rounds = [
      round(0, { picks: [pick(-2, { birdies: 5, eagles: 1 }), pick(null, { birdies: 3, eagles: 1 })] }),
      round(0, { picks: [pick(1, { birdies: 2 })] }),
      round(0, { state: 'cancelled', picks: [pick(-5, { birdies: 9, eagles: 2 })] }),
    ];
    expect(birdieCount(rounds)).toBe(7);
    expect(eagleCount(rounds)).toBe(1);
  });

  it('6 batting average = share of picked player-rounds under par', () => {
    const rounds = [
      round(0, { picks: [pick(-1), pick(0), pick(2), pick(null)] }),
      round(0, { picks: [pick(-3), pick(-1)] }),
    ];
    expect(battingAverage(rounds)).toBe(3 / 6);
    expect(battingAverage([round(0, { has_team: false })])).toBeNull();
  });

  it('7 success rate = share of picks that made the cut, among picks with a known outcome', () => {
    const rounds = [
      round(0, {
        picks: [pick(0, { made_cut: true }), pick(0, { made_cut: false }), pick(0, { made_cut: true })],
      }),
      round(0, { picks: [pick(0, { made_cut: null })] }),
    ];
    expect(successRate(rounds)).toBe(2 / 3);
    expect(successRate([round(0)])).toBeNull();
  });

  it('dispatches by type, with directions, titles and labels', () => {
    const rounds = [round(-2, { picks: [pick(-1, { birdies: 3 })] })];
    expect([1, 2, 3, 4, 5, 6, 7].map((t) => personalMetric(t as 1, rounds))).toEqual([
      -2,
      1,
      0,
      3,
      0,
      1,
      null,
    ]);
    expect(personalRankingDirection(1)).toBe('lower');
  });

  it('leaves a user with nothing measured out of every type but SCORE, never ranked on a 0 or a 100%', () => {
    const noTeam = [
      round(12, { has_team: false }),
      round(10, { has_team: false }),
      round(0, { state: 'pending' }),
    ];
    expect([1, 2, 3, 4, 5, 6, 7].map((t) => personalMetric(t as 1, noTeam))).toEqual([
      22,
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
    // Picks after the cut carry no cut outcome (made_cut null): no success rate, not 100%.
    const lateJoiner = [
      round(12, { has_team: false }),
      round(10, { has_team: false }),
      round(-2, { picks: [pick(-1), pick(0), pick(-2), pick(1)] }),
    ];
    expect(personalMetric(7, lateJoiner)).toBeNull();
    expect(personalMetric(6, lateJoiner)).toBe(0.5);
    expect(personalMetric(4, lateJoiner)).toBe(0);
    expect(personalRankingDirection(6)).toBe('higher');
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8].map(personalRankingTitle)).toEqual([
      'SCORE',
      'SCORE',
      '連続回数',
      '連続回数',
      '回数',
      '回数',
      '打率',
      '成功率',
      'SCORE',
    ]);
    expect(personalRankingLabels[6]).toBe('打率');
  });
});
