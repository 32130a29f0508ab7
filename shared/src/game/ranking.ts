/**
 * Competition ranking ("1224"): entries with equal scores share a rank, and the next rank skips
 * (1, 1, 3). Order within a tie is stable: by a secondary key (e.g. user id, compared by UTF-16 code
 * units, not by locale), then by input position. Built for a million entries: one sort of a typed
 * index array, no per-entry objects.
 */

/** 'lower': smaller scores rank first (SCORE). 'higher': larger scores rank first (points, counts). */
export type RankDirection = 'lower' | 'higher';

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
  const rankAt = new Uint32Array(n);
  for (let p = 0; p < n; p++) {
    rankAt[p] = p > 0 && keyed[order[p]!] === keyed[order[p - 1]!] ? rankAt[p - 1]! : p + 1;
  }
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
