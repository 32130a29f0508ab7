import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { topTenPercent } from './top-ten-percent';

describe("a round's top 10%", () => {
  it('takes the ranks up to N / 10 rounded up, lower scores first, ties sharing a rank', () => {
    // 10 users: rank 1 only.
    expect(topTenPercent([5, -3, 0, 1, 2, 3, 4, 6, 7, 8])).toEqual([
      ...[false, true],
      ...Array<boolean>(8).fill(false),
    ]);
    // 11 users: ranks 1 and 2.
    expect(topTenPercent([5, -3, -2, 1, 2, 3, 4, 6, 7, 8, 9])).toEqual([
      ...[false, true, true],
      ...Array<boolean>(8).fill(false),
    ]);
    // Three share rank 1 of 11; the next is 4th, out.
    expect(topTenPercent([-3, -3, -3, -2, 0, 0, 0, 0, 0, 0, 0]).filter(Boolean)).toHaveLength(3);
    expect(topTenPercent([4])).toEqual([true]);
    expect(topTenPercent([])).toEqual([]);
  });

  it('holds every score whose shared rank r among the N scores has 10 x (r - 1) < N', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -20, max: 20 }), { maxLength: 60 }), (scores) => {
        const rankOf = (score: number) => 1 + scores.filter((other) => other < score).length;
        expect(topTenPercent(Float64Array.from(scores))).toEqual(
          scores.map((score) => 10 * (rankOf(score) - 1) < scores.length),
        );
      }),
    );
  });
});
