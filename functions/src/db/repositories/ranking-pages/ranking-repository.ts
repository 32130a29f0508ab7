import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { BoardIndex } from '@golf/shared/game/ranking';
import type { RankingRow } from '@golf/shared/schemas/ranking';
import { batchWriteAll } from '../../batch-write';
import { db, tableName } from '../../client';
import { isConditionFailure } from '../../conditions';
import { fromItem } from '../../item';
import { keys, rankingPagesPerShard, rankingShard } from '../../keys';
import { clearReadCaches } from '@golf/functions/lib/read-cache';
import {
  deflateOptions,
  isBinaryPage,
  packPage,
  packValues,
  type PageColumns,
  unpackPage,
  unpackValues,
  type ValuesEntry,
} from './page-codec';
import { now as clockNow } from '@golf/functions/lib/clock';
import type { TableUse } from '../../table-use';

/** A round's quiz board in a snapshot's pointer. */
export interface QuizBoardRecord {
  /** The snapshot holding its pages, index and value buckets (an earlier one when reused). */
  snapshot_id: string;
  /** A digest of the results it was built from. */
  inputs: string;
  written_at: string;
  entries: number;
  buckets: number;
  /** Written to be kept: a finished tournament's board (`keptSnapshotTtlSeconds`). */
  kept?: boolean;
}

/** What a reader needs to find its page: the snapshot and, per round scope and type, its size. */
export interface RankingPointer {
  game_global_id: string;
  snapshot_id: string;
  created_at: string;
  active_round: number;
  /** scopes[round] = { provisional, totals: entries per type (index type - 1), page_size } */
  scopes: Record<
    string,
    {
      provisional: boolean;
      totals: number[];
      boards?: Record<string, number>;
      /** False once the round's quiz board is published (its quiz has closed); absent reads as open. */
      quiz_provisional?: boolean;
      /**
       * The snapshot holding this scope's personal and guild items, when an earlier snapshot's are
       * reused (its inputs did not change); absent = the pointer's own snapshot.
       */
      snapshot_id?: string;
      /** A digest of what the scope was built from (teams' scores of its rounds, round states, users). */
      inputs?: string;
      /** When its items were written (they expire by TTL a week later, or 400 days when kept). */
      written_at?: string;
      /** Written to be kept: a finished tournament's scope (`keptSnapshotTtlSeconds`). */
      kept?: boolean;
      /** How many items hold the users' own values (see rank-index.ts); absent = an older layout. */
      buckets?: number;
      /** The round's quiz board: where it is stored, what it was built from, its value buckets. */
      quiz?: QuizBoardRecord;
    }
  >;
  page_size: number;
  /** The round whose quiz is open now (or the last round with quiz results). */
  quiz_active_round?: number | null;
  /** Set by the publish: when readers switched to it, how long it took, how many items it wrote. */
  published_at?: string;
  duration_ms?: number;
  items_written?: number;
}

export type StoredRankingRow = Omit<RankingRow, 'type'>;

/** Snapshot items expire a week after they are written; a newer snapshot replaces them long before. */
export const snapshotTtlSeconds = 7 * 24 * 3600;
/**
 * A finished tournament's snapshot (`kept`) lasts 400 days: its final rankings stay readable for
 * the season and the next one's start, like the frozen teams' objects.
 */
const keptSnapshotTtlSeconds = 400 * 24 * 3600;

/** BatchWriteItem calls of a snapshot in flight at once (the SDK's own pool holds 50 connections). */
const SNAPSHOT_WRITES_IN_FLIGHT = 8;

/**
 * Writes a snapshot's items, then switches readers to it. The switch is one conditional write: it
 * never replaces a newer snapshot (ids grow with time), and with `leaseOwner` it happens only while
 * that run still holds the ranking job's lease, so overlapping runs cannot publish out of order.
 * Returns the items written and whether the switch happened.
 */
async function writeSnapshot(
  items: Iterable<Record<string, unknown>> | AsyncIterable<Record<string, unknown>>,
  pointer: RankingPointer,
  now: Date,
  options: { leaseOwner?: string; buildStartedAt?: number; kept?: boolean } = {},
): Promise<{ written: number; published: boolean }> {
  const expiresAt =
    Math.floor(now.getTime() / 1000) + (options.kept ? keptSnapshotTtlSeconds : snapshotTtlSeconds);
  async function* expiring() {
    for await (const item of items) yield { ...item, expiresAt };
  }
  // Written as they are built: the pointer is complete once the last item is taken.
  const { writeRequests } = await batchWriteAll(expiring(), { concurrency: SNAPSHOT_WRITES_IN_FLIGHT });
  const published: RankingPointer = {
    ...pointer,
    published_at: clockNow().toISOString(),
    items_written: writeRequests + 1,
    ...(options.buildStartedAt === undefined
      ? {}
      : { duration_ms: Math.round(performance.now() - options.buildStartedAt) }),
  };
  // The switch: readers move to the new snapshot only now, when every page of it is written.
  // Pages answered from memory in this process follow at once.
  const put = {
    TableName: tableName(),
    Item: { ...keys.rankingPointer(pointer.game_global_id), entity: 'ranking_pointer', ...published },
    ConditionExpression: 'attribute_not_exists(PK) OR snapshot_id < :snapshot',
    ExpressionAttributeValues: { ':snapshot': pointer.snapshot_id },
  };
  try {
    if (options.leaseOwner)
      await db().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              ConditionCheck: {
                TableName: tableName(),
                Key: keys.rankingLease,
                ConditionExpression: '#owner = :owner',
                ExpressionAttributeNames: { '#owner': 'owner' },
                ExpressionAttributeValues: { ':owner': options.leaseOwner },
              },
            },
            { Put: put },
          ],
        }),
      );
    else await db().send(new PutCommand(put));
  } catch (error) {
    if (isConditionFailure(error)) return { written: writeRequests, published: false };
    throw error;
  }
  clearReadCaches();
  return { written: writeRequests + 1, published: true };
}

/** The board of a personal type (`T1`..`T7`); guild boards are `GUILD`, `GUILD_TOP4`, `GM#{guild_id}`. */
export const personalBoard = (type: number) => `T${type}`;

/** A guild's members ranked among themselves (by SCORE): one stored page. */
export const guildMemberBoard = (guildId: string) => `GM#${guildId}`;

/**
 * JSON deflated into one binary attribute: value buckets and board indexes (pages have their own
 * binary form, page-codec.ts). A small window and hash (40 KB of zlib state instead of the default
 * 384 KB) suit items of a few KB.
 */
export const pack = (value: unknown): Uint8Array =>
  // Copied out: zlib's result is a view of its 16 KB output chunk, which it would keep alive.
  new Uint8Array(deflateRawSync(JSON.stringify(value), deflateOptions));
export const unpack = <T>(bytes: Uint8Array): T => JSON.parse(inflateRawSync(bytes).toString('utf8')) as T;

export type { PageColumns } from './page-codec';

const columnsOf = (rows: readonly StoredRankingRow[]): PageColumns => ({
  rank: rows.map((row) => row.rank),
  user_id: rows.map((row) => row.user_id),
  nickname: rows.map((row) => row.nickname),
  value: rows.map((row) => row.value),
  display_value: rows.map((row) => row.display_value),
  withdrawn: rows.flatMap((row, i) => (row.is_withdrawn ? [i] : [])),
  ...(rows.some((row) => row.guild_id !== undefined) ? { guild: true as const } : {}),
});

/** The rows of a stored page; `display` formats the values of a page stored without displays. */
export function unpackRows(bytes: Uint8Array, display?: (value: number) => string): StoredRankingRow[] {
  const columns = isBinaryPage(bytes) ? unpackPage(bytes) : unpack<PageColumns>(bytes);
  const withdrawn = new Set(columns.withdrawn);
  return columns.rank.map((rank, i) => {
    const value = columns.value[i]!;
    const shown = columns.display_value?.[i] ?? display?.(value);
    if (shown === undefined) throw new Error('a ranking page stored without displays needs a format');
    return {
      rank,
      user_id: columns.user_id[i]!,
      ...(columns.guild ? { guild_id: columns.user_id[i]! } : {}),
      nickname: columns.nickname[i]!,
      value,
      display_value: shown,
      is_withdrawn: withdrawn.has(i),
    };
  });
}

/**
 * The items of one stored page (its rows, its columns, or the page already packed): the page in its
 * shard and, when it opens a shard, its copy at the end of the shard before (so pages `p` and
 * `p + 1` are always read from `p`'s shard).
 */
export function rankingPageItems(
  snapshotId: string,
  round: number,
  board: string,
  page: number,
  rows: StoredRankingRow[] | PageColumns | Uint8Array,
): Array<Record<string, unknown>> {
  const packed = rows instanceof Uint8Array ? rows : packPage(Array.isArray(rows) ? columnsOf(rows) : rows);
  const item = (shard: number) => ({
    ...keys.rankingPage(snapshotId, round, board, page, shard),
    entity: 'ranking_page',
    rows: packed,
  });
  const shard = rankingShard(page);
  const opensShard = shard > 0 && (page - 1) % rankingPagesPerShard === 0;
  return opensShard ? [item(shard), item(shard - 1)] : [item(shard)];
}

/**
 * A bucket of users' own values in one scope: [user_id, ...one value per board (null = none)]; in
 * the quiz set, [user_id, ranking value, correct answers, total time in ms].
 */
export const rankingValuesItem = (
  snapshotId: string,
  round: number,
  bucket: number,
  entries: ReadonlyArray<readonly [string, ...Array<number | null>]> | Uint8Array,
  set?: 'QUIZ',
) => ({
  ...keys.rankingValues(snapshotId, round, bucket, set),
  entity: 'ranking_values',
  users: entries instanceof Uint8Array ? entries : packValues(entries),
});

/** A values bucket as stored now (binary) or before (deflated JSON). */
export const unpackValueBucket = (bytes: Uint8Array): ValuesEntry[] =>
  isBinaryPage(bytes) ? unpackValues(bytes) : unpack<ValuesEntry[]>(bytes);

/** A board's index: its values best first and how many entries hold each. */
export const rankingIndexItem = (snapshotId: string, round: number, board: string, index: BoardIndex) => ({
  ...keys.rankingIndex(snapshotId, round, board),
  entity: 'ranking_index',
  index: pack(index),
});

async function getPointer(gameGlobalId: string): Promise<RankingPointer | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.rankingPointer(gameGlobalId) }),
  );
  return Item ? fromItem<RankingPointer>(Item) : null;
}

/**
 * Rows of stored pages `from..to`, `to` at most `from + 1` (one query, whatever the ranking's size);
 * `display` formats the values of boards stored without displays.
 */
async function readPages(
  snapshotId: string,
  round: number,
  board: string,
  from: number,
  to: number,
  display?: (value: number) => string,
): Promise<StoredRankingRow[]> {
  const { Items = [] } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': keys.rankingPagePartition(snapshotId, round, board, rankingShard(from)),
        ':from': keys.rankingPageSort(from),
        ':to': keys.rankingPageSort(to),
      },
    }),
  );
  return Items.flatMap((item) => unpackRows(item['rows'] as Uint8Array, display));
}

/** One bucket of users' values (the quiz set's, or a scope's): one Get; empty when absent. */
async function readValues(
  snapshotId: string,
  round: number,
  bucket: number,
  set?: 'QUIZ',
): Promise<ValuesEntry[]> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.rankingValues(snapshotId, round, bucket, set) }),
  );
  return Item ? unpackValueBucket(Item['users'] as Uint8Array) : [];
}

/**
 * One bucket of users' values in a scope and the scope's board indexes, read together: a Get of the
 * bucket and one Query of the indexes.
 */
async function readValuesAndIndexes(
  snapshotId: string,
  round: number,
  bucket: number,
): Promise<{
  entries: ValuesEntry[];
  indexes: Map<string, BoardIndex>;
}> {
  const [entries, { Items = [] }] = await Promise.all([
    readValues(snapshotId, round, bucket),
    db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.rankingIndexPartition(snapshotId, round) },
      }),
    ),
  ]);
  return {
    entries,
    indexes: new Map(Items.map((item) => [String(item['SK']), unpack(item['index'] as Uint8Array)])),
  };
}

/** One board's index in a scope (its values best first and their counts): one Get; null when absent. */
async function readBoardIndex(snapshotId: string, round: number, board: string): Promise<BoardIndex | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.rankingIndex(snapshotId, round, board) }),
  );
  return Item ? unpack(Item['index'] as Uint8Array) : null;
}

/** The ranking snapshots: reads and writes. */
export const rankingRepository = {
  writeSnapshot,
  getPointer,
  readValues,
  readPages,
  readValuesAndIndexes,
  readBoardIndex,
};

/** The partitions each function reads, writes and queries by index (functions/src/db/table-use.ts). */
export const tableUse = {
  rankingPageItems: { write: ['RANK#'] },
  rankingValuesItem: { write: ['RANKVAL#'] },
  rankingIndexItem: { write: ['RANKIDX#'] },
  rankingRepository: {
    writeSnapshot: { read: ['RANKLEASE'], write: ['RANKPTR#'] },
    getPointer: { read: ['RANKPTR#'] },
    readValues: { read: ['RANKVAL#'] },
    readPages: { read: ['RANK#'] },
    readValuesAndIndexes: { read: ['RANKIDX#', 'RANKVAL#'] },
    readBoardIndex: { read: ['RANKIDX#'] },
  },
} satisfies TableUse<{
  rankingRepository: typeof rankingRepository;
  rankingPageItems: typeof rankingPageItems;
  rankingValuesItem: typeof rankingValuesItem;
  rankingIndexItem: typeof rankingIndexItem;
}>;
