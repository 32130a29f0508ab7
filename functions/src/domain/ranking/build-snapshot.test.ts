import { describe, expect, it } from 'vitest';
import { buildSnapshotTables } from './build-snapshot';

const column = (values: number[]) => Float64Array.from(values);

describe('buildSnapshotTables', () => {
  it('ranks each type with shared ranks, skips users without an entry and fills the per-user table', () => {
    const userIds = ['a', 'b', 'c', 'd'];
    const score = column([-3, -5, -3, NaN]); // type 1: lower first
    const counts = column([2, 7, 7, 1]); // types 2-7: higher first
    const metrics = [score, counts, counts, counts, counts, counts, counts];
    const { types, userRank } = buildSnapshotTables({ userIds, metrics });
    expect(Array.from(types[0]!.order)).toEqual([1, 0, 2]);
    expect(Array.from(types[0]!.rankAt)).toEqual([1, 2, 2]);
    expect(Array.from(types[1]!.rankAt)).toEqual([1, 1, 3, 4]);
    expect(Array.from(userRank.subarray(0, 4))).toEqual([2, 1, 2, 0]);
    expect(Array.from(userRank.subarray(4, 8))).toEqual([3, 1, 1, 4]);
    expect(types.every((t) => t.pageCount === 1)).toBe(true);
  });
});
