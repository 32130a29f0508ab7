import { describe, expect, it } from 'vitest';
import { rankEntries, typePages } from './board-order';

const column = (values: number[]) => Float64Array.from(values);

describe('rankEntries', () => {
  it('ranks the users with an entry with shared ranks, in either direction, and skips the others', () => {
    const lower = rankEntries(column([-3, -5, -3, NaN]), 'lower');
    expect(Array.from(lower.order)).toEqual([1, 0, 2]);
    expect(Array.from(lower.rankAt)).toEqual([1, 2, 2]);
    const higher = rankEntries(column([2, 7, 7, 1]), 'higher');
    expect(Array.from(higher.order)).toEqual([1, 2, 0, 3]);
    expect(Array.from(higher.rankAt)).toEqual([1, 1, 3, 4]);
  });

  it('gives a board one page at least', () => {
    expect([typePages(0), typePages(100), typePages(101)]).toEqual([1, 1, 2]);
  });
});
