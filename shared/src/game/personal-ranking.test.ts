import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PickRecord, RecordField, UserRoundRecord } from './personal-ranking';
import {
  battingAverage,
  birdieCount,
  eagleCount,
  personalRanking,
  personalRankings,
  recordFields,
  scoreMetric,
  successRate,
  topTenPercentStreak,
  underParStreak,
} from './personal-ranking';

const metricOf = (type: number, rounds: readonly UserRoundRecord[]) => personalRanking(type).metric(rounds);

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
    expect(personalRankings.map((row) => row.metric(rounds))).toEqual([-2, 1, 0, 3, 0, 1, null]);
    expect(personalRanking(1).order).toBe('lower');
  });

  it('leaves a user with nothing measured out of every type but SCORE, never ranked on a 0 or a 100%', () => {
    const noTeam = [
      round(12, { has_team: false }),
      round(10, { has_team: false }),
      round(0, { state: 'pending' }),
    ];
    expect(personalRankings.map((row) => row.metric(noTeam))).toEqual([
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
    expect(metricOf(7, lateJoiner)).toBeNull();
    expect(metricOf(6, lateJoiner)).toBe(0.5);
    expect(metricOf(4, lateJoiner)).toBe(0);
    expect(personalRanking(6).order).toBe('higher');
    expect(personalRankings.map((row) => row.title)).toEqual([
      'SCORE',
      '連続回数',
      '連続回数',
      '回数',
      '回数',
      '打率',
      '成功率',
    ]);
    expect(personalRanking(6).label).toBe('打率');
    expect(() => personalRanking(0)).toThrow(RangeError);
  });
});

describe('the table of personal rankings', () => {
  it('numbers its types 1, 2, 3, … in table order, as the API and the snapshot boards index them', () => {
    expect(personalRankings.map((row) => row.type)).toEqual(personalRankings.map((_, i) => i + 1));
  });

  it('shows each value with its format: to par, 打率, percent, counts', () => {
    const shares = new Set([6, 7]);
    expect(personalRankings.map((row) => row.display(shares.has(row.type) ? 2 / 3 : 1234))).toEqual([
      '+1234',
      '1.2K',
      '1.2K',
      '1.2K',
      '1.2K',
      '.667',
      '66.7%',
    ]);
  });

  const pickArb = fc.record({
    player_id: fc.constantFrom('a', 'b', 'c', 'd', 'e'),
    to_par: fc.option(fc.integer({ min: -4, max: 4 }), { nil: null }),
    birdies: fc.nat(4),
    eagles: fc.nat(1),
    made_cut: fc.option(fc.boolean(), { nil: null }),
  });
  const recordArb = fc.record({
    state: fc.constantFrom('scored', 'scored', 'pending', 'cancelled'),
    has_team: fc.boolean(),
    team_score: fc.integer({ min: -8, max: 12 }),
    top_ten_percent: fc.boolean(),
    picks: fc.array(pickArb, { maxLength: 4 }),
  }) as fc.Arbitrary<UserRoundRecord>;
  const roundsArb = fc.array(recordArb, { maxLength: 5 });

  /** `rounds` with only `field` changed, to values drawn from `other` (records of the same length). */
  function withOther(
    field: RecordField,
    rounds: UserRoundRecord[],
    other: UserRoundRecord[],
  ): UserRoundRecord[] {
    if (field === 'entry')
      // A user without a team in any scored round has his entry only: without it, no records.
      return rounds.some((r) => r.state === 'scored' && r.has_team) ? rounds : [];
    return rounds.map((record, i) => {
      const from = other[i % other.length]!;
      if (field === 'picks')
        return {
          ...record,
          picks: from.picks.map((p, j) => ({
            ...(record.picks[j % record.picks.length] ?? p),
            player_id: p.player_id,
          })),
        };
      // A real to-par that stays under par (or not) and becomes null (or not), and the other way round.
      if (field === 'picks.completed')
        return {
          ...record,
          picks: record.picks.map((p) => ({
            ...p,
            to_par: p.to_par === null ? (from.team_score > 0 ? 0 : 3) : p.to_par < 0 ? p.to_par : null,
          })),
        };
      if (field === 'picks.under_par')
        return {
          ...record,
          picks: record.picks.map((p) => ({
            ...p,
            to_par: p.to_par === null ? null : p.to_par < 0 ? 0 : -1,
          })),
        };
      if (field.startsWith('picks.')) {
        const key = field.slice('picks.'.length) as 'birdies' | 'eagles' | 'made_cut';
        return {
          ...record,
          picks: record.picks.map((p, j) => ({
            ...p,
            [key]: from.picks[j % Math.max(1, from.picks.length)]?.[key] ?? p[key],
          })),
        };
      }
      const key = field as Exclude<RecordField, 'entry' | 'picks' | `picks.${string}`>;
      return { ...record, [key]: from[key] };
    });
  }

  it('names every record field a metric reads: a field outside its `reads` never moves its value', () => {
    fc.assert(
      fc.property(roundsArb, fc.array(recordArb, { minLength: 1, maxLength: 5 }), (rounds, other) => {
        for (const row of personalRankings)
          for (const field of recordFields.filter((f) => !(row.reads as readonly string[]).includes(f)))
            expect(row.metric(withOther(field, rounds, other)), `type ${row.type}, ${field}`).toEqual(
              row.metric(rounds),
            );
      }),
      { seed: 20260701, numRuns: 400 },
    );
  });

  it('reads no field it does not need: each field of its `reads` moves its value for some records', () => {
    const moved = new Map(personalRankings.map((row) => [row.type, new Set<RecordField>()]));
    fc.assert(
      fc.property(roundsArb, fc.array(recordArb, { minLength: 1, maxLength: 5 }), (rounds, other) => {
        for (const row of personalRankings)
          for (const field of row.reads)
            if (!Object.is(row.metric(withOther(field, rounds, other)), row.metric(rounds)))
              moved.get(row.type)!.add(field);
      }),
      { seed: 20260701, numRuns: 400 },
    );
    for (const row of personalRankings)
      expect([...moved.get(row.type)!].sort(), `type ${row.type}`).toEqual([...row.reads].sort());
  });
});
