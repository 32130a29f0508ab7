/**
 * The seeded lottery (server only: it imports node:crypto, so browser code must not import it).
 *
 * Each entrant gets one key, SHA-256 of the JSON array [seed, prizeId, userId] as hex; entrants are
 * ordered by key ascending (then user id, should two keys ever collide). The order depends only on
 * the seed, the prize and the set of entrants, never on the input order, so anyone holding the
 * published seed can reproduce a draw. JSON encoding keeps the fields apart ('a|b' + 'c' cannot
 * collide with 'a' + 'b|c').
 */
import { createHash } from 'node:crypto';

export function lotteryKey(seed: string, prizeId: string, userId: string): string {
  return createHash('sha256')
    .update(JSON.stringify([seed, prizeId, userId]), 'utf8')
    .digest('hex');
}

/** Distinct entrants in lottery order. */
export function lotteryOrder(seed: string, prizeId: string, userIds: Iterable<string>): string[] {
  const keyed = [...new Set(userIds)].map((userId) => ({ userId, key: lotteryKey(seed, prizeId, userId) }));
  keyed.sort((a, b) =>
    a.key < b.key ? -1 : a.key > b.key ? 1 : a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0,
  );
  return keyed.map((entry) => entry.userId);
}

/** The first `winners` entrants in lottery order (fewer when there are fewer entrants). */
export function drawLottery(
  seed: string,
  prizeId: string,
  userIds: Iterable<string>,
  winners: number,
): string[] {
  if (!Number.isSafeInteger(winners) || winners < 0)
    throw new RangeError(`winners must be >= 0, got ${winners}`);
  return lotteryOrder(seed, prizeId, userIds).slice(0, winners);
}
