/**
 * Competition ranking ("1224"): entries with equal scores share a rank, and the next rank skips
 * (1, 1, 3). Order within a tie is stable: by a secondary key (e.g. user id, compared by UTF-16 code
 * units, not by locale), then by input position. Built for a million entries: one sort of a typed
 * index array, no per-entry objects.
 */

/** 'lower': smaller scores rank first (SCORE). 'higher': larger scores rank first (points, counts). */
export type RankDirection = 'lower' | 'higher';

/**
 * A board's compact index: its scores, best first, and how many entries hold each. Equal scores form
 * one group, so the index is the board's ranks without its entries.
 */
export interface BoardIndex {
  values: readonly number[];
  counts: readonly number[];
}

/** The index of entries in ranking order (best first, equal scores adjacent) from each position's score. */
export function boardIndexOf(count: number, scoreAt: (position: number) => number): BoardIndex {
  const values: number[] = [];
  const counts: number[] = [];
  for (let p = 0; p < count; p++) {
    const score = scoreAt(p);
    if (counts.length && values[values.length - 1] === score) counts[counts.length - 1]!++;
    else {
      values.push(score);
      counts.push(1);
    }
  }
  return { values, counts };
}

/**
 * The tie rule (1, 1, 3), the one place it is written: a group of equal scores ranks 1 + the entries
 * of the groups before it (the entries strictly better), so a tie shares its rank and the rank after
 * it skips. ranks[g] is group g's rank; ranks[counts.length] the rank of a score worse than all.
 */
function groupRanks(counts: ArrayLike<number>): Float64Array {
  const ranks = new Float64Array(counts.length + 1);
  ranks[0] = 1;
  for (let g = 0; g < counts.length; g++) ranks[g + 1] = ranks[g]! + counts[g]!;
  return ranks;
}

/** Each entry's rank, in ranking order, from the board's index: written into `into` from `offset`. */
export function entryRanks(index: BoardIndex, into: Uint32Array, offset = 0): Uint32Array {
  const ranks = groupRanks(index.counts);
  let p = offset;
  for (let g = 0; g < index.counts.length; g++)
    for (let k = 0; k < index.counts[g]!; k++) into[p++] = ranks[g]!;
  return into;
}

/**
 * The rank `score` takes on a board (1 + its entries strictly better) and whether an entry holds
 * that score; the group is found by binary search over the index's values.
 */
export function rankAmong(
  index: BoardIndex,
  score: number,
  direction: RankDirection,
): { rank: number; held: boolean; group: number } {
  const better = (a: number, b: number) => (direction === 'lower' ? a < b : a > b);
  let low = 0;
  let high = index.values.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (better(index.values[middle]!, score)) low = middle + 1;
    else high = middle;
  }
  return { rank: groupRanks(index.counts)[low]!, held: index.values[low] === score, group: low };
}

export interface Ranking {
  /** order[p] = index (into the input) of the entry at position p (0-based). */
  readonly order: Uint32Array;
  /** rankAt[p] = 1-based competition rank of the entry at position p. */
  readonly rankAt: Uint32Array;
}

/**
 * Ranks `scores` (finite numbers; one per entry) in `direction`. `tieKeys`, when given, orders
 * entries with equal scores (then input order). Throws RangeError on a non-finite score or on keys of
 * another length. Without tie keys: O(n + d log d) for d distinct scores (a counting sort over the
 * sorted distinct values); with them, one comparison sort. Typed arrays only, no per-entry objects.
 */
export function competitionRanking(
  scores: ArrayLike<number>,
  direction: RankDirection,
  tieKeys?: ArrayLike<string>,
): Ranking {
  const n = scores.length;
  if (n > 0xffff_ffff) throw new RangeError('too many entries');
  if (tieKeys !== undefined && tieKeys.length !== n)
    throw new RangeError('tieKeys length differs from scores');
  // Sort ascending on a signed copy so both directions share one comparator.
  const keyed = new Float64Array(n);
  const sign = direction === 'lower' ? 1 : -1;
  for (let i = 0; i < n; i++) {
    const s = scores[i]!;
    if (!Number.isFinite(s)) throw new RangeError(`score at ${i} is not finite: ${s}`);
    keyed[i] = s === 0 ? 0 : sign * s;
  }
  const order = new Uint32Array(n);
  if (tieKeys === undefined) {
    orderByCounting(keyed, order);
  } else {
    for (let i = 0; i < n; i++) order[i] = i;
    order.sort((a, b) => {
      const d = keyed[a]! - keyed[b]!;
      if (d !== 0) return d;
      const ka = tieKeys[a]!;
      const kb = tieKeys[b]!;
      return ka < kb ? -1 : ka > kb ? 1 : a - b;
    });
  }
  const rankAt = entryRanks(
    boardIndexOf(n, (p) => keyed[order[p]!]!),
    new Uint32Array(n),
  );
  return { order, rankAt };
}

/**
 * `order` = the entries by ascending key, equal keys in input order: each entry's slot among the
 * sorted distinct keys, then a stable counting sort. Several times faster than a comparison sort of
 * a million entries, since a board has far fewer distinct scores than players.
 */
function orderByCounting(keyed: Float64Array, order: Uint32Array) {
  const n = keyed.length;
  const distinct = Float64Array.from(new Set(keyed)).sort();
  const slotOf = new Map<number, number>();
  for (let k = 0; k < distinct.length; k++) slotOf.set(distinct[k]!, k);
  const slots = new Uint32Array(n);
  const next = new Uint32Array(distinct.length + 1);
  for (let i = 0; i < n; i++) {
    const slot = slotOf.get(keyed[i]!)!;
    slots[i] = slot;
    next[slot + 1]!++;
  }
  for (let k = 1; k <= distinct.length; k++) next[k]! += next[k - 1]!;
  for (let i = 0; i < n; i++) order[next[slots[i]!]!++] = i;
}

/** rankOf[i] = rank of input entry i (for writing each user's own rank item). */
export function ranksByEntry(ranking: Ranking): Uint32Array {
  const rankOf = new Uint32Array(ranking.order.length);
  for (let p = 0; p < ranking.order.length; p++) rankOf[ranking.order[p]!] = ranking.rankAt[p]!;
  return rankOf;
}

export interface Ranked<T> {
  item: T;
  rank: number;
}

/** Convenience for small lists (a guild's members): items in ranking order with their ranks. */
export function rankItems<T>(
  items: readonly T[],
  score: (item: T) => number,
  direction: RankDirection,
  tieKey?: (item: T) => string,
): Ranked<T>[] {
  const ranking = competitionRanking(items.map(score), direction, tieKey ? items.map(tieKey) : undefined);
  return Array.from(ranking.order, (index, p) => ({ item: items[index]!, rank: ranking.rankAt[p]! }));
}

/**
 * In the top 10% of a ranking of `entrants`: rank <= ceil(entrants / 10), so at least rank 1 always
 * qualifies. Integer comparison: 10 x (rank - 1) < entrants.
 */
export function isTopTenPercent(rank: number, entrants: number): boolean {
  return rank >= 1 && rank <= entrants && 10 * (rank - 1) < entrants;
}

function assertPositiveInteger(n: number, what: string): void {
  if (!Number.isSafeInteger(n) || n < 1) throw new RangeError(`${what} must be a positive integer, got ${n}`);
}

/**
 * The page (1-based) holding 1-based position `position`. With competition ranks, the first entry of
 * rank r sits at position r, so `pageOf(rank, perPage)` is the page where that rank starts.
 */
export function pageOf(position: number, perPage: number): number {
  assertPositiveInteger(position, 'position');
  assertPositiveInteger(perPage, 'perPage');
  return Math.floor((position - 1) / perPage) + 1;
}

/** The last page for `total` entries; 1 for an empty ranking (an empty first page). */
export function lastPage(total: number, perPage: number): number {
  if (!Number.isSafeInteger(total) || total < 0) throw new RangeError(`total must be >= 0, got ${total}`);
  assertPositiveInteger(perPage, 'perPage');
  return Math.max(1, Math.ceil(total / perPage));
}

/** Positions [start, end) (0-based) shown on `page`, clamped to `total`. */
export function pageBounds(page: number, perPage: number, total: number): { start: number; end: number } {
  assertPositiveInteger(page, 'page');
  assertPositiveInteger(perPage, 'perPage');
  const start = Math.min((page - 1) * perPage, total);
  return { start, end: Math.min(start + perPage, total) };
}
