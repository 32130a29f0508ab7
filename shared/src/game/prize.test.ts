import { describe, expect, it } from 'vitest';
import { lotteryKey } from './lottery';
import type { PrizeCandidate } from './prize';
import {
  comparePrizeCandidates,
  decideRankPrize,
  orderPrizeCandidates,
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
