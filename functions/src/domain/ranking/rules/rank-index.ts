/**
 * "My rank" without one item per user: a board's compact index holds how many entries share each
 * value, best value first, so a competition rank is 1 plus the entries of the values before it.
 * A user's own values sit in a bucket item shared with other users (chosen by a hash of the user
 * id). A rank needs the bucket and the scope's indexes: two small reads.
 */
import { type BoardIndex, boardIndexOf, rankAmong, type RankDirection } from '@golf/shared/game/ranking';

/** The index of a board from its values in ranking order (best first, equal values adjacent). */
export const boardIndex = (valuesInOrder: ArrayLike<number>): BoardIndex =>
  boardIndexOf(valuesInOrder.length, (p) => valuesInOrder[p]!);

/** The index of a board from its entries (indexes) in ranking order and each entry's value (values[entry]). */
export const boardIndexOfEntries = (order: ArrayLike<number>, values: ArrayLike<number>): BoardIndex =>
  boardIndexOf(order.length, (p) => values[order[p]!]!);

/** A user's rank on a board from its index: null when no entry holds the user's value. */
export function rankInIndex(index: BoardIndex, value: number, direction: RankDirection): number | null {
  const { rank, held } = rankAmong(index, value, direction);
  return held ? rank : null;
}

/** Users per values bucket, about: a bucket stays a few KB, one small read. */
const USERS_PER_BUCKET = 200;

export const bucketCount = (users: number) => Math.max(1, Math.ceil(users / USERS_PER_BUCKET));

/** The bucket holding a user's values: FNV-1a of the user id, modulo the scope's bucket count. */
export function bucketOf(userId: string, buckets: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < userId.length; i++) {
    hash ^= userId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % buckets;
}

/** A user's values in one scope, per board of the scope (null = not ranked on that board). */
export type UserValues = Array<number | null>;

/** The users of each of `bucketCount(n)` buckets, by index into `userIds`, in index order. */
export function bucketMembers(userIds: readonly string[]): Uint32Array[] {
  const count = bucketCount(userIds.length);
  const bucketAt = new Uint32Array(userIds.length);
  const sizes = new Uint32Array(count);
  for (let i = 0; i < userIds.length; i++) sizes[(bucketAt[i] = bucketOf(userIds[i]!, count))]!++;
  const members = Array.from(sizes, (size) => new Uint32Array(size));
  const filled = new Uint32Array(count);
  for (let i = 0; i < userIds.length; i++) members[bucketAt[i]!]![filled[bucketAt[i]!]!++] = i;
  return members;
}

/** Groups each user's values into `bucketCount(n)` buckets: buckets[b] = [[user_id, ...values], ...]. */
export function valueBuckets(
  userIds: readonly string[],
  valuesOf: (index: number) => UserValues,
): Array<Array<[string, ...UserValues]>> {
  return bucketMembers(userIds).map((members) =>
    Array.from(members, (i): [string, ...UserValues] => [userIds[i]!, ...valuesOf(i)]),
  );
}

/** A user's values from the bucket item's entries; null when the user is not in the scope. */
export function valuesIn(entries: ReadonlyArray<[string, ...UserValues]>, userId: string): UserValues | null {
  const entry = entries.find(([id]) => id === userId);
  return entry ? (entry.slice(1) as UserValues) : null;
}
