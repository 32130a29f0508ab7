import { describe, expect, it } from 'vitest';
import { indexPartitions, itemPartitions, leadingKeyPattern, stringLike } from '@golf/shared/aws-access';
import { keys } from './keys';

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
