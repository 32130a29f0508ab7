import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { lotteryKey, lotteryOrder } from './lottery';
import type { PrizeCandidate } from './prize';
import {
  comparePrizeCandidates,
  decideRankPrize,
  orderPrizeCandidates,
  placesBeforeLottery,
  roundTieBreakStats,
  tournamentTieBreakStats,
} from './prize';
import type { PlayerRoundResult } from './scoring';
import { indexRound } from './scoring';

const candidate = (user_id: string, extra: Partial<PrizeCandidate> = {}): PrizeCandidate => ({
  user_id,
  score: -10,
  best_player: -5,
  under_par_count: 2,
  last_saved_at: '2025-11-19T10:00:00Z',
  lottery_key: lotteryKey('seed', 'prize-1', user_id),
  ...extra,
});

describe('prize tie-breaks', () => {
  it('score first, then the better best single player', () => {
    const a = candidate('a', { best_player: -6 });
    const b = candidate('b', { best_player: -5, under_par_count: 4 });
    expect(comparePrizeCandidates(a, b)).toBeLessThan(0);
    expect(comparePrizeCandidates(candidate('c', { score: -11, best_player: 0 }), a)).toBeLessThan(0);
  });

  it('then more picked players under par', () => {
    const a = candidate('a', { under_par_count: 3, last_saved_at: '2025-11-20T00:00:00Z' });
    const b = candidate('b', { under_par_count: 2 });
    expect(orderPrizeCandidates([b, a]).map((c) => c.user_id)).toEqual(['a', 'b']);
  });

  it('then the earlier last save, compared as instants', () => {
    const a = candidate('a', { last_saved_at: '2025-11-20T08:00:00+09:00' }); // 2025-11-19T23:00Z
    const b = candidate('b', { last_saved_at: '2025-11-19T23:30:00Z' });
    expect(orderPrizeCandidates([b, a]).map((c) => c.user_id)).toEqual(['a', 'b']);
  });

  it('then the seeded lottery key', () => {
    const users = ['u1', 'u2', 'u3', 'u4', 'u5'];
    const ordered = orderPrizeCandidates(users.map((u) => candidate(u))).map((c) => c.user_id);
    const byKey = [...users].sort((x, y) =>
      lotteryKey('seed', 'prize-1', x) < lotteryKey('seed', 'prize-1', y) ? -1 : 1,
    );
    expect(ordered).toEqual(byKey);
  });

  it('is decided from final results only, one winner per position of the range', () => {
    const cands = [
      candidate('a', { score: -3 }),
      candidate('b', { score: -9 }),
      candidate('c', { score: -5 }),
    ];
    expect(decideRankPrize(cands, { rank_from: 1, rank_to: 2 }, false)).toEqual({ kind: 'not_final' });
    expect(decideRankPrize(cands, { rank_from: 1, rank_to: 2 }, true)).toEqual({
      kind: 'decided',
      winners: ['b', 'c'],
    });
    expect(decideRankPrize(cands, { rank_from: 3, rank_to: 5 }, true)).toEqual({
      kind: 'decided',
      winners: ['a'],
    });
    expect(() => decideRankPrize(cands, { rank_from: 2, rank_to: 1 }, true)).toThrow(RangeError);
  });
});

describe('tie-break stats', () => {
  const row = (player_id: string, to_par: number | null, status: PlayerRoundResult['status'] = 'active') => ({
    player_id,
    round: 1 as const,
    to_par,
    strokes: null,
    birdies: 0,
    eagles: 0,
    status,
    completed: to_par !== null,
  });

  it('round prize: best player round score and picks under par', () => {
    const round = indexRound(
      [row('a', -3), row('b', -1), row('c', 2), row('d', null, 'wd'), row('e', 5)],
      'final',
    );
    expect(roundTieBreakStats(['a', 'b', 'c', 'd'], round)).toEqual({ best_player: -3, under_par_count: 2 });
    expect(roundTieBreakStats(null, round)).toEqual({ best_player: null, under_par_count: 0 });
    expect(roundTieBreakStats(['a', 'b', 'c', 'x'], round).best_player).toBeNull();
  });

  it("tournament prize: best tournament total among the final round's team", () => {
    const totals = new Map([
      ['a', -8],
      ['b', 1],
      ['c', -2],
      ['d', 4],
      ['z', -20],
    ]);
    expect(tournamentTieBreakStats(['a', 'b', 'c', 'd'], totals)).toEqual({
      best_player: -8,
      under_par_count: 2,
    });
  });
});

describe('the places a rank prize owes to the lottery', () => {
  it('names the places the tie-breaks decide and groups those only the lottery parts', () => {
    const candidates = [
      candidate('first', { score: -20 }),
      candidate('tie-b'),
      candidate('tie-a'),
      candidate('tie-c'),
      candidate('last', { score: 0 }),
    ];
    expect(placesBeforeLottery(candidates, { rank_from: 1, rank_to: 3 })).toEqual({
      places: ['first', null, null],
      ties: [{ first_place: 2, user_ids: ['tie-a', 'tie-b', 'tie-c'] }],
    });
    expect(placesBeforeLottery(candidates, { rank_from: 5, rank_to: 6 })).toEqual({
      places: ['last'],
      ties: [],
    });
    expect(placesBeforeLottery(candidates, { rank_from: 1, rank_to: 1 }).ties).toEqual([]);
  });

  it('agrees with the draw: each tie ordered by the lottery gives the decided winners (property)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.record({
            user_id: fc.string({ minLength: 1, maxLength: 5 }),
            score: fc.integer({ min: -3, max: 0 }),
            best_player: fc.constantFrom(-1, 0),
            under_par_count: fc.constantFrom(0, 1),
            last_saved_at: fc.constantFrom('2025-11-19T10:00:00Z', '2025-11-19T11:00:00Z'),
          }),
          { selector: (c) => c.user_id, maxLength: 25 },
        ),
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: 0, max: 5 }),
        fc.string(),
        (ranked, from, span, seed) => {
          const range = { rank_from: from, rank_to: from + span };
          const withKeys = ranked.map((c) => ({ ...c, lottery_key: lotteryKey(seed, 'p', c.user_id) }));
          const decision = decideRankPrize(withKeys, range, true);
          const winners = decision.kind === 'decided' ? decision.winners : [];
          const { places, ties } = placesBeforeLottery(ranked, range);
          const rederived = [...places];
          for (const tie of ties)
            lotteryOrder(seed, 'p', tie.user_ids).forEach((userId, i) => {
              const index = tie.first_place + i - from;
              if (index >= 0 && index < rederived.length) rederived[index] = userId;
            });
          expect(rederived).toEqual(winners);
        },
      ),
    );
  });
});
