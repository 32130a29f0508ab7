import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SAFE_ENTRANTS, tournamentEntrants, tournamentYearlyPoints, yearlyPoints } from './yearly-points';

describe('integer yearly points', () => {
  it('is floor(1000 x (N - rank + 1) / N) without floating point', () => {
    expect(yearlyPoints(1, 1)).toBe(1000);
    expect(yearlyPoints(1, 3)).toBe(1000);
    expect(yearlyPoints(2, 3)).toBe(666);
    expect(yearlyPoints(3, 3)).toBe(333);
    expect(yearlyPoints(7, 7)).toBe(142);
    expect(yearlyPoints(1_000_000, 1_000_000)).toBe(0);
    expect(yearlyPoints(999_999, 1_000_000)).toBe(0);
    expect(yearlyPoints(999_000, 1_000_000)).toBe(1);
  });

  it('matches BigInt arithmetic exactly, including near the safe-integer limit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: SAFE_ENTRANTS }), fc.nat(), (n, r) => {
        const rank = (r % n) + 1;
        const exact = Number((1000n * BigInt(n - rank + 1)) / BigInt(n));
        expect(yearlyPoints(rank, n)).toBe(exact);
      }),
    );
    const big = SAFE_ENTRANTS + 12_345;
    expect(yearlyPoints(2, big)).toBe(Number((1000n * BigInt(big - 1)) / BigInt(big)));
  });

  it('ties share a rank, so tied users get the same points', () => {
    const points = tournamentYearlyPoints(
      [
        { user_id: 'a', rank: 1 },
        { user_id: 'b', rank: 1 },
        { user_id: 'c', rank: 3 },
      ],
      { cancelled: false },
    );
    expect(Object.fromEntries(points)).toEqual({ a: 1000, b: 1000, c: 333 });
  });

  it('a cancelled tournament gives no points', () => {
    expect(tournamentYearlyPoints([{ user_id: 'a', rank: 1 }], { cancelled: true }).size).toBe(0);
  });

  it('N counts users with a team in at least one non-cancelled round', () => {
    const entrants = tournamentEntrants([
      { cancelled: false, userIdsWithTeam: ['a', 'b'] },
      { cancelled: true, userIdsWithTeam: ['c'] },
      { cancelled: false, userIdsWithTeam: ['b', 'd'] },
    ]);
    expect([...entrants].sort()).toEqual(['a', 'b', 'd']);
  });

  it('rejects ranks outside 1..N', () => {
    expect(() => yearlyPoints(0, 3)).toThrow(RangeError);
    expect(() => yearlyPoints(4, 3)).toThrow(RangeError);
    expect(() => yearlyPoints(1, 0)).toThrow(RangeError);
    expect(() => yearlyPoints(1.5, 3)).toThrow(RangeError);
  });
});

describe('yearly points properties', () => {
  it('are in [0, 1000] and monotonic in rank', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5_000_000 }), fc.nat(), fc.nat(), (n, x, y) => {
        const r1 = (x % n) + 1;
        const r2 = (y % n) + 1;
        const p1 = yearlyPoints(r1, n);
        const p2 = yearlyPoints(r2, n);
        expect(Number.isInteger(p1)).toBe(true);
        expect(p1).toBeGreaterThanOrEqual(0);
        expect(p1).toBeLessThanOrEqual(1000);
        if (r1 <= r2) expect(p1).toBeGreaterThanOrEqual(p2);
        expect(yearlyPoints(1, n)).toBe(1000);
      }),
    );
  });
});
