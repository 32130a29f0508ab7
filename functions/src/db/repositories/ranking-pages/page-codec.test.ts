import fc from 'fast-check';
import { deflateRawSync } from 'node:zlib';
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
/** UUIDs beginning as one another does (ids in order within a tie), up to the same id twice. */
const base = '3f2a9c1e-7b4d-4e8a-9c0f-5d6e7f8a9b0c';
const nearUuid = fc
  .tuple(fc.integer({ min: 0, max: 36 }), uuid)
  .map(([shared, id]) => base.slice(0, shared) + id.slice(shared));

/** Pages as the recompute makes them: ranks in order, ids (mostly UUIDs), nicknames, values. */
const page = fc
  .record({
    rows: fc.array(
      fc.record({
        step: fc.nat(5),
        id: fc.oneof(
          uuid,
          nearUuid,
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

  it('encodes the same users when some are copied from users encoded before', () => {
    const user = fc.record({ id: fc.oneof(uuid, nearUuid, text), nickname: text });
    fc.assert(
      fc.property(
        fc.uniqueArray(user, { selector: (u) => u.id, maxLength: 60 }),
        fc.array(fc.boolean(), { minLength: 60, maxLength: 60 }),
        fc.boolean(),
        (users, inKnown, sorted) => {
          // The known users and the users encoded now overlap; their ids in order unless `sorted` is off.
          const all = [...users].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
          const knownIds = all.filter((_, i) => inKnown[i]).map((u) => u.id);
          const ids = all.filter((_, i) => inKnown[(i * 7) % 60] || !inKnown[i]).map((u) => u.id);
          if (!sorted) ids.reverse();
          const nickname = new Map(all.map((u) => [u.id, u.nickname]));
          const known = {
            userIds: knownIds,
            users: encodeUsers(knownIds, (i) => nickname.get(knownIds[i]!)!),
          };
          const copied = encodeUsers(ids, (i) => nickname.get(ids[i]!)!, undefined, known);
          const fresh = encodeUsers(ids, (i) => nickname.get(ids[i]!)!);
          expect(copied.start).toEqual(fresh.start);
          expect(Buffer.from(copied.bytes).equals(Buffer.from(fresh.bytes))).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('keeps a UUID in 16 bytes: a page of 100 players in under 60% of the bytes of its JSON', () => {
    let seed = 7919;
    const columns: PageColumns = {
      rank: Array.from({ length: 100 }, (_, i) => i + 1),
      // Random, as real ids are (a fixed seed): deflate cannot shrink them, in either form.
      user_id: Array.from({ length: 100 }, () => {
        const hex = Array.from({ length: 32 }, () => {
          seed ^= seed << 13;
          seed ^= seed >>> 17;
          seed ^= seed << 5;
          return (seed >>> 8) & 15;
        })
          .map((d) => d.toString(16))
          .join('');
        return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
      }),
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
    // The binary form with each id inside the deflated part, before its nickname (0xFF).
    const utf8 = (text: string) => [...Buffer.from(text)];
    const rows = columns.user_id.flatMap((id, i) => [
      0x00,
      ...[1, ...utf8(id)],
      ...[3, ...utf8(columns.nickname[i]!)],
    ]);
    // version, flags, rows; ranks 1, +0, +2 and values -3, -3, 1 as zigzag varints; withdrawn [2].
    const fields = Uint8Array.from([1, 0, 3, 2, 0, 4, 5, 5, 2, ...rows, 1, 2]);
    const before = Uint8Array.from([0xff, ...deflateRawSync(fields)]);
    expect(isBinaryPage(before)).toBe(true);
    expect(unpackPage(before)).toEqual(columns);
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
  const id = fc.oneof(uuid, nearUuid, text);

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
          const values = members.flatMap((i) => columns.map((column) => column[i]!));
          expect(unpackValues(packIndexedValues(users, members, values, columns.length))).toEqual(entries);
        },
      ),
      { numRuns: 200 },
    );
  });
});
