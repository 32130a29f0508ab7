/**
 * The packing of a scope's large boards: runs of pages and of value buckets, each made from its own
 * rows gathered in typed arrays (a row's user is an index into the scope's encoded users). The same
 * functions run in the job's thread or in its packing workers (packing-pool.ts), which get the
 * encoded users once per scope and each task's rows with the task.
 */
import {
  type EncodedUsers,
  packIndexedPage,
  packIndexedValues,
} from '@golf/functions/db/repositories/ranking-pages/page-codec';
import { type BoardOrder, type GroupedOrder, SNAPSHOT_PAGE_SIZE } from '../rules/board-order';

/** The rows of consecutive pages of a board, page after page. */
export interface PageRows {
  /** How many pages (one may be empty: a board without entries still has its first page). */
  pages: number;
  user: Uint32Array;
  rank: Uint32Array;
  value: Float64Array;
  /** 1 where the row's user is withdrawn. */
  withdrawn: Uint8Array;
  /**
   * Where each page's rows end, when the pages are boards of their own (a guild's members each):
   * else every page but the last holds SNAPSHOT_PAGE_SIZE rows.
   */
  ends?: Uint32Array;
}

/** Value buckets: each one's users, and their values `width` to a user in that order, bucket after bucket. */
export interface BucketRows {
  members: Uint32Array[];
  values: Float64Array;
  width: number;
}

/** Positions `start` to `end` - 1 of a board's order: their rows, in arrays of their own. */
function rowsOf(
  board: BoardOrder,
  /** values[user] */
  values: Float64Array,
  /** withdrawn[user] = 1 for a user whose profile is gone. */
  withdrawn: Uint8Array,
  start: number,
  end: number,
) {
  const user = board.order.slice(start, end);
  const value = new Float64Array(user.length);
  const flags = new Uint8Array(user.length);
  for (let r = 0; r < user.length; r++) {
    value[r] = values[user[r]!]!;
    flags[r] = withdrawn[user[r]!]!;
  }
  return { user, rank: board.rankAt.slice(start, end), value, withdrawn: flags };
}

/** Pages `from` to `to` - 1 (from 0) of a board: their rows, in arrays of their own. */
export function pageRows(
  board: BoardOrder,
  values: Float64Array,
  withdrawn: Uint8Array,
  from: number,
  to: number,
): PageRows {
  const start = Math.min(board.order.length, from * SNAPSHOT_PAGE_SIZE);
  const end = Math.min(board.order.length, to * SNAPSHOT_PAGE_SIZE);
  return { pages: to - from, ...rowsOf(board, values, withdrawn, start, end) };
}

/** Boards `from` to `to` - 1 of grouped boards, one page each: their rows, in arrays of their own. */
export function groupPageRows(
  boards: GroupedOrder,
  values: Float64Array,
  withdrawn: Uint8Array,
  from: number,
  to: number,
): PageRows {
  const start = boards.starts[from]!;
  const ends = boards.starts.slice(from + 1, to + 1).map((end) => end - start);
  return { pages: to - from, ...rowsOf(boards, values, withdrawn, start, boards.starts[to]!), ends };
}

/** Each page of the rows packed as stored. */
export function packPages(users: EncodedUsers, rows: PageRows): Uint8Array[] {
  const pages: Uint8Array[] = [];
  const { ends } = rows;
  for (let page = 0; page < rows.pages; page++) {
    const start =
      page === 0 ? 0 : ends ? ends[page - 1]! : Math.min(rows.user.length, page * SNAPSHOT_PAGE_SIZE);
    const end = ends ? ends[page]! : Math.min(rows.user.length, start + SNAPSHOT_PAGE_SIZE);
    const withdrawn: number[] = [];
    for (let r = start; r < end; r++) if (rows.withdrawn[r] === 1) withdrawn.push(r - start);
    pages.push(
      packIndexedPage({
        users,
        order: rows.user.subarray(start, end),
        rank: rows.rank.subarray(start, end),
        value: rows.value.subarray(start, end),
        withdrawn,
      }),
    );
  }
  return pages;
}

/** Buckets' rows: their members' values read from the scope's columns (columns[v][user]). */
export function bucketRows(members: Uint32Array[], columns: readonly Float64Array[]): BucketRows {
  const width = columns.length;
  let users = 0;
  for (const list of members) users += list.length;
  const values = new Float64Array(users * width);
  let at = 0;
  for (const list of members)
    for (const user of list) for (let v = 0; v < width; v++) values[at++] = columns[v]![user]!;
  return { members, values, width };
}

/** Each bucket of the rows packed as stored. */
export function packBuckets(users: EncodedUsers, rows: BucketRows): Uint8Array[] {
  let offset = 0;
  return rows.members.map((list) => {
    const values = rows.values.subarray(offset * rows.width, (offset + list.length) * rows.width);
    offset += list.length;
    return packIndexedValues(users, list, values, rows.width);
  });
}
