import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { personalRanking, personalRankingTypes } from '@golf/shared/game/personal-ranking';
import { keys } from '@golf/functions/db/keys';
import {
  rankingPageItems,
  unpack,
  unpackRows,
  unpackValueBucket,
  type StoredRankingRow,
} from '@golf/functions/db/repositories/ranking-pages/ranking-repository';
import { boardIndex, bucketCount, bucketOf, rankInIndex, valuesIn } from './rank-index';
import { roundScope } from '../snapshot/snapshot-items';

describe('boardIndex and rankInIndex', () => {
  it('ranks one plus the entries strictly better, sharing ranks on ties', () => {
    const index = boardIndex([-5, -3, -3, 0, 0, 0, 4]);
    expect(index).toEqual({ values: [-5, -3, 0, 4], counts: [1, 2, 3, 1] });
    expect([-5, -3, 0, 4].map((value) => rankInIndex(index, value, 'lower'))).toEqual([1, 2, 4, 7]);
    expect(rankInIndex(index, 1, 'lower')).toBeNull();
    const higher = boardIndex([9, 9, 2]);
    expect(rankInIndex(higher, 2, 'higher')).toBe(3);
  });

  it('spreads users over buckets by their id, every bucket in range', () => {
    const buckets = bucketCount(1_000);
    expect(buckets).toBe(5);
    const seen = new Set(Array.from({ length: 1_000 }, (_, i) => bucketOf(`user-${i}`, buckets)));
    expect([...seen].sort()).toEqual([0, 1, 2, 3, 4]);
  });
});

describe('stored pages', () => {
  it('copies the first page of a shard into the shard before, so two adjacent pages are one query', () => {
    const rows: StoredRankingRow[] = [];
    expect(rankingPageItems('S', 1, 'T1', 100, rows).map((item) => item['PK'])).toEqual(['RANK#S#R1#T1#S0']);
    expect(rankingPageItems('S', 1, 'T1', 101, rows).map((item) => item['PK'])).toEqual([
      'RANK#S#R1#T1#S1',
      'RANK#S#R1#T1#S0',
    ]);
    expect(keys.rankingPage('S', 1, 'T1', 201).PK).toBe('RANK#S#R1#T1#S2');
  });
});

/** Metrics of n users with few distinct values (many ties); NaN = no entry in that type. */
const season = fc.integer({ min: 1, max: 450 }).chain((n) =>
  fc.tuple(
    fc.constant(n),
    fc.array(
      fc.array(fc.oneof(fc.integer({ min: 0, max: 4 }), fc.constant(Number.NaN)), {
        minLength: n,
        maxLength: n,
      }),
      { minLength: 7, maxLength: 7 },
    ),
  ),
);

describe('my rank', () => {
  it('equals the rank the pages show, for every user of every type, ties included', async () => {
    await fc.assert(
      fc.asyncProperty(season, async ([n, columns]) => {
        const userIds = Array.from({ length: n }, (_, i) => `u${String(i).padStart(4, '0')}`);
        const scope = roundScope({
          snapshotId: 'S',
          round: 2,
          userIds,
          // Type 1 is a to-par (-2..2), 2-5 counts (0..4), 6-7 shares (0..1).
          metrics: columns.map((column, t) =>
            Float64Array.from(column, (v) => (t === 0 ? v - 2 : t >= 5 ? v / 4 : v)),
          ),
          profiles: new Map(userIds.map((id) => [id, { nickname: id }])),
          guilds: { guildOf: new Map(), names: new Map() },
        });
        const items: Array<Record<string, unknown>> = [];
        for await (const item of scope.items()) items.push(item);
        const indexes = new Map(
          items
            .filter((item) => item['entity'] === 'ranking_index')
            .map((item) => [
              String(item['SK']),
              unpack<{ values: number[]; counts: number[] }>(item['index'] as Uint8Array),
            ]),
        );
        const buckets = items
          .filter((item) => item['entity'] === 'ranking_values')
          .map((item) => unpackValueBucket(item['users'] as Uint8Array));
        expect(buckets.length).toBe(scope.buckets);
        for (const type of personalRankingTypes) {
          const rows = items
            .filter((item) => item['entity'] === 'ranking_page' && String(item['PK']).includes(`#T${type}#`))
            .flatMap((item) => unpackRows(item['rows'] as Uint8Array, personalRanking(type).display));
          expect(rows.length).toBe(columns[type - 1]!.filter((v) => !Number.isNaN(v)).length);
          for (const row of rows) {
            const values = valuesIn(buckets[bucketOf(row.user_id, scope.buckets)]!, row.user_id)!;
            expect(values[type - 1]).toBe(row.value);
            expect(rankInIndex(indexes.get(`T${type}`)!, row.value, personalRanking(type).order)).toBe(
              row.rank,
            );
          }
        }
      }),
      { numRuns: 30 },
    );
  });
});
