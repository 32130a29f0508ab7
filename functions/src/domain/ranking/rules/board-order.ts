/**
 * The ranking of a board's entries and its page size: typed arrays only, so a million users x 7
 * types stays well within a Lambda's memory.
 */
import { competitionRanking, type RankDirection } from '@golf/shared/game/ranking';

export const SNAPSHOT_PAGE_SIZE = 100;

/** Entries of a board (indexes into userIds) in ranking order, and their competition ranks. */
export interface BoardOrder {
  order: Uint32Array;
  rankAt: Uint32Array;
}

/**
 * Boards ranked apart but stored together (each guild's members): board g's users in ranking order
 * and their ranks at `starts[g]` to `starts[g + 1]` - 1 of `order` and `rankAt`.
 */
export interface GroupedOrder extends BoardOrder {
  starts: Uint32Array;
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
