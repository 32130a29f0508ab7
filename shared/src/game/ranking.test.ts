import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { versusPositions } from './guild-versus';
import {
  boardIndexOf,
  competitionRanking,
  entryRanks,
  isTopTenPercent,
  lastPage,
  pageBounds,
  pageOf,
  rankAmong,
  rankItems,
  ranksByEntry,
  type RankDirection,
} from './ranking';

describe('ties share a rank', () => {
  it('gives 1, 1, 3 (lower is better) in a stable order by the secondary key', () => {
    const users = [
      { id: 'u3', score: -2 },
      { id: 'u1', score: -5 },
      { id: 'u2', score: -5 },
      { id: 'u0', score: 4 },
    ];
    const ranked = rankItems(
      users,
      (u) => u.score,
      'lower',
      (u) => u.id,
    );
    expect(ranked.map((r) => [r.item.id, r.rank])).toEqual([
      ['u1', 1],
      ['u2', 1],
      ['u3', 3],
      ['u0', 4],
    ]);
  });

  it('ranks higher-is-better the other way round', () => {
    const ranking = competitionRanking([10, 30, 30, 20, 30], 'higher', ['e', 'd', 'c', 'b', 'a']);
    expect([...ranking.order]).toEqual([4, 2, 1, 3, 0]);
    expect([...ranking.rankAt]).toEqual([1, 1, 1, 4, 5]);
    expect([...ranksByEntry(ranking)]).toEqual([5, 1, 1, 4, 1]);
  });

  it('keeps input order within a tie when no key is given, and treats -0 as 0', () => {
    const ranking = competitionRanking([0, -0, 0], 'higher');
    expect([...ranking.order]).toEqual([0, 1, 2]);
    expect([...ranking.rankAt]).toEqual([1, 1, 1]);
  });

  it('rejects non-finite scores and mismatched keys', () => {
    expect(() => competitionRanking([1, Number.NaN], 'lower')).toThrow(RangeError);
    expect(() => competitionRanking([1, 2], 'lower', ['a'])).toThrow(RangeError);
  });

  it('handles an empty ranking', () => {
    const ranking = competitionRanking([], 'lower');
    expect(ranking.order.length).toBe(0);
  });

  // Correctness at full size; its speed is measured by npm run bench:ranking, never asserted here.
  it('ranks 1,000,000 entries with ties shared and ranks skipped after them', () => {
    const n = 1_000_000;
    const scores = new Float64Array(n);
    const keys = new Array<string>(n);
    let seed = 42;
    for (let i = 0; i < n; i++) {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      scores[i] = (seed % 161) - 60;
      keys[i] = `user-${String((i * 7919) % n).padStart(7, '0')}`;
    }
    const ranking = competitionRanking(scores, 'lower', keys);
    let violations = 0;
    for (let p = 1; p < n; p++) {
      const same = scores[ranking.order[p]!] === scores[ranking.order[p - 1]!];
      if (same ? ranking.rankAt[p] !== ranking.rankAt[p - 1] : ranking.rankAt[p] !== p + 1) violations++;
      if (scores[ranking.order[p]!]! < scores[ranking.order[p - 1]!]!) violations++;
    }
    expect(violations).toBe(0);
  });
});

describe('ranking properties', () => {
  it('ranks are non-decreasing, ties share, and the rank is 1 + the number strictly better', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ score: fc.integer({ min: -5, max: 5 }), key: fc.string({ maxLength: 3 }) }), {
          maxLength: 60,
        }),
        fc.constantFrom('lower' as const, 'higher' as const),
        (entries, direction) => {
          const ranking = competitionRanking(
            entries.map((e) => e.score),
            direction,
            entries.map((e) => e.key),
          );
          const better = (a: number, b: number) => (direction === 'lower' ? a < b : a > b);
          for (let p = 0; p < entries.length; p++) {
            const entry = entries[ranking.order[p]!]!;
            const strictlyBetter = entries.filter((e) => better(e.score, entry.score)).length;
            expect(ranking.rankAt[p]).toBe(strictlyBetter + 1);
            if (p > 0) {
              const prev = entries[ranking.order[p - 1]!]!;
              expect(ranking.rankAt[p]! >= ranking.rankAt[p - 1]!).toBe(true);
              if (prev.score === entry.score) {
                expect(ranking.rankAt[p]).toBe(ranking.rankAt[p - 1]);
                expect(prev.key <= entry.key).toBe(true);
              }
            }
          }
          expect(new Set(ranking.order).size).toBe(entries.length);
        },
      ),
    );
  });

  it('without tie keys, orders as a comparison sort by score then input position would', () => {
    const score = fc.oneof(
      fc.integer({ min: -4, max: 4 }),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.constantFrom(0, -0, 0.1 + 0.2, 0.3),
    );
    fc.assert(
      fc.property(
        fc.array(score, { maxLength: 80 }),
        fc.constantFrom('lower' as const, 'higher' as const),
        (scores, direction) => {
          const sign = direction === 'lower' ? 1 : -1;
          const key = (i: number) => (scores[i] === 0 ? 0 : sign * scores[i]!);
          const expected = scores.map((_, i) => i).sort((a, b) => key(a) - key(b) || a - b);
          expect([...competitionRanking(scores, direction).order]).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('paging', () => {
  it('finds the page of a position or rank, and the last page', () => {
    expect(pageOf(1, 50)).toBe(1);
    expect(pageOf(50, 50)).toBe(1);
    expect(pageOf(51, 50)).toBe(2);
    expect(lastPage(0, 50)).toBe(1);
    expect(lastPage(100, 50)).toBe(2);
    expect(lastPage(101, 50)).toBe(3);
    expect(pageBounds(3, 50, 101)).toEqual({ start: 100, end: 101 });
    expect(pageBounds(4, 50, 101)).toEqual({ start: 101, end: 101 });
    expect(() => pageOf(0, 50)).toThrow(RangeError);
    expect(() => lastPage(10, 0)).toThrow(RangeError);
  });

  it('the first entry of rank r sits at position r, so pageOf(rank) is where the rank starts', () => {
    const ranking = competitionRanking([1, 1, 1, 2, 2, 3], 'lower');
    for (let p = 0; p < 6; p++) {
      const rank = ranking.rankAt[p]!;
      expect(ranking.rankAt[rank - 1]).toBe(rank);
    }
  });
});

describe('top 10%', () => {
  it('is rank <= ceil(entrants / 10)', () => {
    expect(isTopTenPercent(1, 5)).toBe(true);
    expect(isTopTenPercent(2, 5)).toBe(false);
    expect(isTopTenPercent(10, 100)).toBe(true);
    expect(isTopTenPercent(11, 100)).toBe(false);
    expect(isTopTenPercent(11, 101)).toBe(true);
  });
});

/**
 * The tie rule has one implementation (`groupRanks`); every caller's use of it gives the rank its
 * definition gives: 1 + the entries strictly better.
 */
describe('the tie rule, as each caller uses it', () => {
  const board = fc.array(fc.integer({ min: -4, max: 4 }), { maxLength: 60 });
  const better = (direction: RankDirection) => (a: number, b: number) =>
    direction === 'lower' ? a < b : a > b;
  const definition = (scores: readonly number[], score: number, direction: RankDirection) =>
    1 + scores.filter((other) => better(direction)(other, score)).length;
  const sorted = (scores: readonly number[], direction: RankDirection) =>
    [...scores].sort((a, b) => (direction === 'lower' ? a - b : b - a));

  it('boards (personal types, guilds, quiz, yearly, small lists): competitionRanking and rankItems', () => {
    fc.assert(
      fc.property(
        board,
        fc.constantFrom<RankDirection>('lower', 'higher'),
        fc.boolean(),
        (scores, direction, keyed) => {
          const ranking = competitionRanking(
            scores,
            direction,
            keyed ? scores.map((_, i) => `u${i % 7}`) : undefined,
          );
          ranking.order.forEach((entry, p) =>
            expect(ranking.rankAt[p]).toBe(definition(scores, scores[entry]!, direction)),
          );
          for (const { item, rank } of rankItems(scores, (s) => s, direction))
            expect(rank).toBe(definition(scores, item, direction));
        },
      ),
    );
  });

  it("a guild's members ranked among themselves: entryRanks over one segment of a board", () => {
    fc.assert(
      fc.property(board, board, (before, members) => {
        const inOrder = sorted(members, 'lower');
        const into = new Uint32Array(before.length + members.length);
        entryRanks(
          boardIndexOf(inOrder.length, (p) => inOrder[p]!),
          into,
          before.length,
        );
        inOrder.forEach((score, p) =>
          expect(into[before.length + p]).toBe(definition(members, score, 'lower')),
        );
      }),
    );
  });

  it('"my rank" and guild vs guild: rankAmong, versusPositions', () => {
    fc.assert(
      fc.property(
        board,
        fc.integer({ min: -6, max: 6 }),
        fc.constantFrom<RankDirection>('lower', 'higher'),
        (scores, score, direction) => {
          const inOrder = sorted(scores, direction);
          const index = boardIndexOf(inOrder.length, (p) => inOrder[p]!);
          const found = rankAmong(index, score, direction);
          expect(found.rank).toBe(definition(scores, score, direction));
          expect(found.held).toBe(scores.includes(score));
          const lower = boardIndexOf(scores.length, (p) => sorted(scores, 'lower')[p]!);
          const versus = versusPositions(lower, score);
          expect(versus?.rank ?? null).toBe(
            scores.includes(score) ? definition(scores, score, 'lower') : null,
          );
        },
      ),
    );
  });
});
