/**
 * The pure step of a ranking recompute: from each user's 7 personal metrics (null = not ranked in
 * that type) to fixed-size pages per type and one rank record per user holding all 7 types.
 * Typed arrays only, so a million users x 7 types stays well within a Lambda's memory.
 */
import { competitionRanking, type RankDirection } from '@golf/shared/game/ranking';
import {
  personalRankingDirection,
  personalRankingTypes,
  type PersonalRankingType,
} from '@golf/shared/game/personal-ranking';

export const SNAPSHOT_PAGE_SIZE = 100;

export interface MetricTable {
  userIds: readonly string[];
  /** metrics[t - 1][i] = user i's value in type t; NaN = no entry in that type. */
  metrics: readonly Float64Array[];
}

/** Entries of a board (indexes into userIds) in ranking order, and their competition ranks. */
export interface BoardOrder {
  order: Uint32Array;
  rankAt: Uint32Array;
}

export interface TypeRanking extends BoardOrder {
  type: PersonalRankingType;
  pageCount: number;
}

export interface SnapshotTables {
  types: TypeRanking[];
  /** userRank[(t - 1) * n + i] = user i's rank in type t, 0 = no entry. */
  userRank: Uint32Array;
}

/** How many users have an entry (a value that is not NaN). */
export function entriesOf(values: Float64Array) {
  let entries = 0;
  for (let i = 0; i < values.length; i++) if (!Number.isNaN(values[i]!)) entries++;
  return entries;
}

/** A board's entries (the users with a value) in ranking order, and their competition ranks. */
export function rankEntries(values: Float64Array, direction: RankDirection): BoardOrder {
  const n = values.length;
  const entries = entriesOf(values);
  const present = new Uint32Array(entries);
  const scores = new Float64Array(entries);
  for (let i = 0, p = 0; i < n; i++)
    if (!Number.isNaN(values[i]!)) {
      present[p] = i;
      scores[p++] = values[i]!;
    }
  const ranking = competitionRanking(scores, direction);
  const order = new Uint32Array(entries);
  for (let p = 0; p < entries; p++) order[p] = present[ranking.order[p]!]!;
  return { order, rankAt: ranking.rankAt };
}

/** Pages of a personal type's board: one at least (empty when no user has an entry). */
export const typePages = (entries: number) => Math.max(1, Math.ceil(entries / SNAPSHOT_PAGE_SIZE));

/** One type's ranking of the users with an entry: their indexes in ranking order and their ranks. */
export function rankType(values: Float64Array, type: PersonalRankingType): TypeRanking {
  const ranking = rankEntries(values, personalRankingDirection(type));
  return { type, ...ranking, pageCount: typePages(ranking.order.length) };
}

export function buildSnapshotTables(table: MetricTable): SnapshotTables {
  const n = table.userIds.length;
  const userRank = new Uint32Array(n * personalRankingTypes.length);
  const types = personalRankingTypes.map((type) => {
    const typed = rankType(table.metrics[type - 1]!, type);
    for (let p = 0; p < typed.order.length; p++)
      userRank[(type - 1) * n + typed.order[p]!] = typed.rankAt[p]!;
    return typed;
  });
  return { types, userRank };
}
