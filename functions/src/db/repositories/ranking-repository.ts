import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { RankingRow } from '@golf/shared/schemas/ranking';
import { batchWriteAll } from '../batch-write';
import { db, tableName } from '../client';
import { isConditionFailure } from '../conditions';
import { fromItem } from '../item';
import { keys } from '../keys';
import { clearReadCaches } from '../../lib/read-cache';

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
      /** The round's quiz is still open, so its ranking may still change. */
      quiz_provisional?: boolean;
      /**
       * The snapshot holding this scope's personal and guild items, when an earlier snapshot's are
       * reused (its inputs did not change); absent = the pointer's own snapshot.
       */
      snapshot_id?: string;
      /** A digest of what the scope was built from (teams' scores of its rounds, round states, users). */
      inputs?: string;
      /** When its items were written (they expire by TTL a week later). */
      written_at?: string;
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

export interface RankingUserRecord {
  user_id: string;
  /** Per type (index type - 1): rank (0 = not ranked), value and its display. */
  ranks: number[];
  values: Array<number | null>;
  display_values: Array<string | null>;
}

export type StoredRankingRow = Omit<RankingRow, 'type'>;

/** Snapshot items expire a week after they are written; a newer snapshot replaces them long before. */
export const snapshotTtlSeconds = 7 * 24 * 3600;

/**
 * Writes a snapshot's items, then switches readers to it. The switch is one conditional write: it
 * never replaces a newer snapshot (ids grow with time), and with `leaseOwner` it happens only while
 * that run still holds the ranking job's lease, so overlapping runs cannot publish out of order.
 * Returns the items written and whether the switch happened.
 */
export async function writeSnapshot(
  items: Array<Record<string, unknown>>,
  pointer: RankingPointer,
  now: Date,
  options: { leaseOwner?: string; buildStartedAt?: number } = {},
): Promise<{ written: number; published: boolean }> {
  const expiresAt = Math.floor(now.getTime() / 1000) + snapshotTtlSeconds;
  await batchWriteAll(items.map((item) => ({ ...item, expiresAt })));
  const published: RankingPointer = {
    ...pointer,
    published_at: new Date().toISOString(),
    items_written: items.length + 1,
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
    if (isConditionFailure(error)) return { written: items.length, published: false };
    throw error;
  }
  clearReadCaches();
  return { written: items.length + 1, published: true };
}

/** The board of a personal type (`T1`..`T7`); guild boards are `GUILD`, `GUILD_TOP4`, `GM#{guild_id}`. */
export const personalBoard = (type: number) => `T${type}`;

export const rankingPageItem = (
  snapshotId: string,
  round: number,
  board: string,
  page: number,
  rows: StoredRankingRow[],
) => ({ ...keys.rankingPage(snapshotId, round, board, page), entity: 'ranking_page', rows });

export const rankingUserItem = (snapshotId: string, round: number, record: RankingUserRecord) => ({
  ...keys.rankingUser(snapshotId, round, record.user_id),
  entity: 'ranking_user',
  ...record,
});

export const rankingQuizUserItem = (snapshotId: string, round: number, row: StoredRankingRow) => ({
  ...keys.rankingQuizUser(snapshotId, round, row.user_id),
  entity: 'ranking_quiz_user',
  ...row,
});

export async function getQuizUserRow(
  snapshotId: string,
  round: number,
  userId: string,
): Promise<StoredRankingRow | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.rankingQuizUser(snapshotId, round, userId) }),
  );
  return Item ? fromItem<StoredRankingRow>(Item) : null;
}

export async function getPointer(gameGlobalId: string): Promise<RankingPointer | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.rankingPointer(gameGlobalId) }),
  );
  return Item ? fromItem<RankingPointer>(Item) : null;
}

/** Rows of stored pages `from..to` (one query, whatever the size of the ranking). */
export async function readPages(
  snapshotId: string,
  round: number,
  board: string,
  from: number,
  to: number,
): Promise<StoredRankingRow[]> {
  const { Items = [] } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': keys.rankingPagePartition(snapshotId, round, board),
        ':from': keys.rankingPageSort(from),
        ':to': keys.rankingPageSort(to),
      },
    }),
  );
  return Items.flatMap((item) => item['rows'] as StoredRankingRow[]);
}

export async function getUserRanks(
  snapshotId: string,
  round: number,
  userId: string,
): Promise<RankingUserRecord | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.rankingUser(snapshotId, round, userId) }),
  );
  return Item ? fromItem<RankingUserRecord>(Item) : null;
}
