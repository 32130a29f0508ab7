import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  encodeUsers,
  isBinaryPage,
  packIndexedPage,
  packIndexedValues,
  packPage,
  packValues,
  unpackPage,
  unpackValues,
  type PageColumns,
  type ValuesEntry,
} from './page-codec';
import { pack, unpackRows } from './ranking-repository';

const uuid = fc.uuid().map((id) => id.toLowerCase());
const text = fc.string({ unit: 'grapheme', maxLength: 40 });

/** Pages as the recompute makes them: ranks in order, ids (mostly UUIDs), nicknames, values. */
const page = fc
  .record({
    rows: fc.array(
      fc.record({
        step: fc.nat(5),
        id: fc.oneof(
          uuid,
          uuid.map((id) => id.toUpperCase()),
          text,
          fc.constant('sample-user-0001'),
        ),
        nickname: text,
        display: text,
      }),
      { maxLength: 120 },
    ),
    values: fc.oneof(
      fc.array(fc.integer({ min: -(2 ** 40), max: 2 ** 40 }), { minLength: 120, maxLength: 120 }),
      fc.array(fc.double({ noNaN: true }), { minLength: 120, maxLength: 120 }),
    ),
    displays: fc.boolean(),
    guild: fc.boolean(),
    withdrawnEvery: fc.integer({ min: 1, max: 7 }),
  })
  .map(({ rows, values, displays, guild, withdrawnEvery }): PageColumns => {
    let rank = 0;
    return {
      rank: rows.map((row) => (rank += row.step)),
      user_id: rows.map((row) => row.id),
      nickname: rows.map((row) => row.nickname),
      value: rows.map((_, i) => (Object.is(values[i], -0) ? 0 : values[i]!)),
      ...(displays ? { display_value: rows.map((row) => row.display) } : {}),
      withdrawn: rows.flatMap((_, i) => (i % withdrawnEvery === 0 ? [i] : [])),
      ...(guild ? { guild: true as const } : {}),
    };
  });

describe('the binary ranking page', () => {
  it('gives back exactly the columns it was made from', () => {
    fc.assert(
      fc.property(page, (columns) => {
        const bytes = packPage(columns);
        expect(isBinaryPage(bytes)).toBe(true);
        expect(unpackPage(bytes)).toEqual(columns);
      }),
      { numRuns: 300 },
    );
  });

  it('is the same page made from users encoded once and picked by index', () => {
    fc.assert(
      fc.property(page, fc.boolean(), (columns, reversed) => {
        const { display_value: _displays, guild: _guild, ...plain } = columns;
        const ids = [...new Set(plain.user_id)];
        const nickname = new Map(plain.user_id.map((id, i) => [id, plain.nickname[i]!]));
        const users = encodeUsers(ids, (i) => nickname.get(ids[i]!)!);
        const order = plain.user_id.map((id) => ids.indexOf(id));
        if (reversed) order.reverse();
        const expected = {
          ...plain,
          user_id: order.map((i) => ids[i]!),
          nickname: order.map((i) => nickname.get(ids[i]!)!),
        };
        const packed = packIndexedPage({
          users,
          order,
          rank: plain.rank,
          value: plain.value,
          withdrawn: plain.withdrawn,
        });
        expect(unpackPage(packed)).toEqual(expected);
      }),
      { numRuns: 200 },
    );
  });

  it('keeps a UUID in 16 bytes: a page of 100 players in under 60% of the bytes of its JSON', () => {
    const columns: PageColumns = {
      rank: Array.from({ length: 100 }, (_, i) => i + 1),
      user_id: Array.from(
        { length: 100 },
        (_, i) => `0b1c2d3e-4f50-4a6b-8c7d-${String(i * 7919).padStart(12, '0')}`,
      ),
      nickname: Array.from({ length: 100 }, () => 'ゴルフ太郎'),
      value: Array.from({ length: 100 }, (_, i) => i - 30),
      withdrawn: [],
    };
    const json = Buffer.byteLength(JSON.stringify(columns));
    const raw = 4 + 100 * (1 + 1 + 17 + 16) + 2;
    expect(raw).toBeLessThan(0.6 * json);
    // Deflated, as stored: smaller again than the deflated JSON.
    expect(packPage(columns).length).toBeLessThan(pack(columns).length);
  });

  it('is read beside the deflated JSON pages written before it', () => {
    const columns: PageColumns = {
      rank: [1, 1, 3],
      user_id: ['a', 'b', 'c'],
      nickname: ['あ', 'い', 'う'],
      value: [-3, -3, 1],
      withdrawn: [2],
    };
    const display = (value: number) => `${value}`;
    expect(isBinaryPage(pack(columns))).toBe(false);
    expect(unpackRows(pack(columns), display)).toEqual(unpackRows(packPage(columns), display));
  });

  it('refuses bytes that are not a page', () => {
    expect(() => unpackPage(Uint8Array.of(0x78, 0x9c))).toThrow();
    expect(() => unpackPage(Uint8Array.of(0xff, 1, 2, 3))).toThrow();
  });
});

describe('the binary values bucket', () => {
  const value = fc.oneof(
    fc.constant(null),
    fc.integer({ min: -(2 ** 40), max: 2 ** 40 }),
    fc.double({ noNaN: true }).filter((v) => !Object.is(v, -0)),
  );
  const id = fc.oneof(uuid, text);

  it('gives back each user and values, nulls included', () => {
    fc.assert(
      fc.property(
        fc.nat(8),
        fc.array(fc.tuple(id, fc.array(value, { minLength: 8, maxLength: 8 }))),
        (width, rows) => {
          const entries = rows.map(([userId, values]): ValuesEntry => [userId, ...values.slice(0, width)]);
          expect(unpackValues(packValues(entries))).toEqual(entries);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('is the same bucket made from users encoded once and values read from typed columns (NaN = none)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(id, { maxLength: 30 }),
        fc.array(
          fc.array(
            fc.oneof(
              fc.constant(Number.NaN),
              fc.integer({ min: -50, max: 50 }),
              fc.double({ noNaN: true, min: -1, max: 1 }).filter((v) => !Object.is(v, -0)),
            ),
            { minLength: 30, maxLength: 30 },
          ),
          { minLength: 1, maxLength: 7 },
        ),
        (ids, columnValues) => {
          const users = encodeUsers(ids, () => 'ニックネーム');
          const columns = columnValues.map((values) => Float64Array.from(values));
          const members = ids.map((_, i) => i).reverse();
          const entries = members.map((i): ValuesEntry => [
            ids[i]!,
            ...columns.map((column) => (Number.isNaN(column[i]!) ? null : column[i]!)),
          ]);
          expect(unpackValues(packIndexedValues(users, members, columns))).toEqual(entries);
        },
      ),
      { numRuns: 200 },
    );
  });
});
