import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cutPending,
  DEFAULT_CUT_RULE,
  livePick,
  liveTeamScore,
  projectedCutLine,
  type LivePlayerState,
} from './live-round';

const totals = fc.array(fc.integer({ min: -20, max: 30 }), { maxLength: 200 });

describe('projected cut line', () => {
  it('is the total in position N, and every tie at it stays', () => {
    // 4 players at -3 share positions 2-5: top 3 keeps all of them.
    expect(projectedCutLine([-5, -3, -3, -3, -3, 0, 2], 3)).toBe(-3);
    expect(projectedCutLine([-5, -3, -3, -3, -3, 0, 2], 6)).toBe(0);
  });

  it('keeps everyone when the field is no larger than N, and has no line without a contender', () => {
    expect(projectedCutLine([1, -2, 4], 60)).toBe(4);
    expect(projectedCutLine([], 60)).toBeNull();
  });

  it('keeps at least N players (ties included) and nobody worse than one who is cut', () => {
    fc.assert(
      fc.property(totals, fc.integer({ min: 1, max: 100 }), (field, top) => {
        const line = projectedCutLine(field, top);
        if (field.length === 0) {
          expect(line).toBeNull();
          return;
        }
        const inside = field.filter((t) => t <= line!);
        const outside = field.filter((t) => t > line!);
        expect(inside.length).toBeGreaterThanOrEqual(Math.min(top, field.length));
        // Without ties at the line, exactly N stay; a player left out is behind N better players.
        for (const t of outside) expect(field.filter((o) => o < t).length).toBeGreaterThanOrEqual(top);
        // The line is a total someone holds, and the order of the input does not matter.
        expect(field).toContain(line);
        expect(projectedCutLine([...field].reverse(), top)).toBe(line);
      }),
    );
  });

  it('applies up to the round the cut follows, never in a tournament without one', () => {
    expect([1, 2, 3, 4].map((r) => cutPending(DEFAULT_CUT_RULE, r))).toEqual([true, true, false, false]);
    expect(cutPending({ after_round: 0, top: 60 }, 1)).toBe(false);
  });
});

const playing = (to_par: number, thru: number): LivePlayerState => ({
  status: 'active',
  to_par,
  thru,
  completed: thru === 18,
});

describe('provisional team score', () => {
  it('adds finished rounds, rounds under way, and even par for players not started', () => {
    const states: Record<string, LivePlayerState> = {
      a: playing(-3, 18),
      b: playing(2, 9),
      c: { status: 'active', to_par: null, thru: 0, completed: false },
    };
    const live = liveTeamScore(['a', 'b', 'c', 'd'], (id) => states[id], 5);
    expect(live.score).toBe(-1);
    expect(live.picks.map((p) => [p.kind, p.to_par, p.thru])).toEqual([
      ['finished', -3, 18],
      ['playing', 2, 9],
      ['not_started', 0, 0],
      ['not_started', 0, null],
    ]);
  });

  it('scores the penalty for a withdrawal, a missed cut, a disqualification and an empty slot', () => {
    const states: Record<string, LivePlayerState> = {
      wd: { status: 'wd', to_par: 3, thru: 7, completed: false },
      cut: { status: 'cut', to_par: null, thru: null, completed: false },
      dq: { status: 'dq', to_par: -2, thru: 18, completed: true },
    };
    const live = liveTeamScore(['wd', 'cut', 'dq', null], (id) => states[id], 6);
    expect(live.picks.map((p) => p.kind)).toEqual(['penalty', 'penalty', 'penalty', 'penalty']);
    expect(live.score).toBe(24);
    // Until someone has finished the round the penalty is not known, and neither is the score.
    expect(liveTeamScore(['wd', 'a', 'b', 'c'], (id) => states[id], null).score).toBeNull();
  });

  it('keeps a player who finished before withdrawing later at his real score', () => {
    expect(livePick({ status: 'wd', to_par: 1, thru: 18, completed: true }, 9)).toEqual({
      kind: 'finished',
      to_par: 1,
      thru: 18,
    });
  });

  it('is the sum of its picks whatever their order', () => {
    const state = fc.record({
      status: fc.constantFrom('active', 'cut', 'wd', 'dq' as const),
      to_par: fc.option(fc.integer({ min: -10, max: 15 })),
      thru: fc.option(fc.integer({ min: 0, max: 18 })),
      completed: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.array(state, { minLength: 4, maxLength: 4 }),
        fc.integer({ min: 0, max: 15 }),
        (s, pen) => {
          const ids = ['0', '1', '2', '3'];
          const live = liveTeamScore(ids, (id) => s[Number(id)], pen);
          expect(live.score).toBe(live.picks.reduce((sum, p) => sum + p.to_par!, 0));
          const reversed = liveTeamScore([...ids].reverse(), (id) => s[Number(id)], pen);
          expect(reversed.score).toBe(live.score);
        },
      ),
    );
  });
});
