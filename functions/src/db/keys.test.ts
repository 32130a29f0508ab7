import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { indexPartitions, itemPartitions, leadingKeyPattern, stringLike } from '@golf/shared/aws-access';
import { keys, SAVE_SHARDS, saveShard } from './keys';

/** Every partition key the builders spell, as `[builder, attribute, value]` (ids stand as `x`). */
function builtPartitionKeys(): Array<[string, string, string]> {
  const built: Array<[string, string, string]> = [];
  for (const [name, builder] of Object.entries(keys)) {
    const value: unknown =
      typeof builder === 'function'
        ? (builder as (...ids: string[]) => unknown)('x', 'x', 'x', 'x', 'x')
        : builder;
    if (typeof value === 'string') {
      // A bare string is a partition (`…Partition`) or a sort key prefix, which no condition reads.
      if (name.endsWith('Partition')) built.push([name, 'partition', value]);
      continue;
    }
    for (const attribute of ['PK', 'GSI1PK', 'GSI2PK']) {
      const key = (value as Record<string, unknown>)[attribute];
      if (typeof key === 'string') built.push([name, attribute, key]);
    }
  }
  return built;
}

const matching = (partitions: readonly string[], key: string) =>
  partitions.filter((partition) => stringLike(leadingKeyPattern(partition), key));

describe('the partitions route rows declare (shared/src/aws-access.ts)', () => {
  const built = builtPartitionKeys();

  it.each(built)('%s: its %s %s is in exactly one declared partition', (_name, attribute, key) => {
    const partitions =
      attribute === 'PK'
        ? itemPartitions
        : attribute === 'partition'
          ? [...itemPartitions, ...indexPartitions]
          : indexPartitions;
    expect(matching(partitions, key)).toHaveLength(1);
  });

  it('declares no partition that no key builder spells', () => {
    const items = built.filter(([, attribute]) => attribute !== 'GSI1PK' && attribute !== 'GSI2PK');
    const listings = built.filter(([, attribute]) => attribute !== 'PK');
    for (const partition of itemPartitions)
      expect(
        items.some(([, , key]) => matching([partition], key).length > 0),
        partition,
      ).toBe(true);
    for (const partition of indexPartitions)
      expect(
        listings.some(([, , key]) => matching([partition], key).length > 0),
        partition,
      ).toBe(true);
  });

  it('tells a prefix from a longer one that starts the same', () => {
    expect(stringLike(leadingKeyPattern('RANK#'), 'RANKVAL#s#R1#B0')).toBe(false);
    expect(stringLike(leadingKeyPattern('GUILD#'), 'GUILD_CHAT#g')).toBe(false);
    expect(stringLike(leadingKeyPattern('CONTACT'), 'CONTACT#2026')).toBe(false);
    expect(stringLike(leadingKeyPattern('USER#'), 'USER#u-1')).toBe(true);
  });
});

describe('saveShard: the shard of a user’s team and receipt', () => {
  it('is the first 4 bytes of SHA-256(user id), big-endian, mod 64: stable for stored items', () => {
    // SHA-256 prefixes: ae35827f, bb82030d, e3b0c442, 11f06de5 (the last byte's low 6 bits).
    expect(SAVE_SHARDS).toBe(64);
    expect(saveShard('sample-user-0001')).toBe(0x3f);
    expect(saveShard('u1')).toBe(0x0d);
    expect(saveShard('')).toBe(0x02);
    expect(saveShard('ユーザー')).toBe(0x25);
  });

  it('puts the team and the receipt due of a user in the same shard of their partitions', () => {
    expect(keys.team('G1', 2, 'u1')).toEqual({ PK: 'TEAM#G1#R2#S13', SK: 'USER#u1' });
    expect(keys.saveReceiptDue('G1', 2, 'u1')).toEqual({ PK: 'RECEIPTS_DUE#S13', SK: 'G1#R2#USER#u1' });
  });

  it('spreads 10,000 random ids evenly over the 64 shards', () => {
    const ids = fc.sample(fc.oneof(fc.uuid(), fc.string({ minLength: 1, maxLength: 40 })), {
      numRuns: 10_000,
      seed: 20_260_701,
    });
    const counts = new Array<number>(SAVE_SHARDS).fill(0);
    for (const id of ids) {
      const shard = saveShard(id);
      expect(Number.isInteger(shard) && shard >= 0 && shard < SAVE_SHARDS).toBe(true);
      counts[shard]! += 1;
    }
    const expected = ids.length / SAVE_SHARDS;
    // Pearson's chi-square with 63 degrees of freedom: 103.4 is its 99.9th percentile.
    const chiSquare = counts.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
    expect(chiSquare).toBeLessThan(103.4);
    // No shard strays more than 5 standard deviations (about 12.4 ids) from the mean of 156.25.
    for (const count of counts) expect(Math.abs(count - expected)).toBeLessThan(62);
  });
});
