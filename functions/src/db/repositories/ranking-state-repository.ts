/**
 * What the ranking job works from: stale marks (a stored change the served snapshot does not show
 * yet) and the job's lease (one run at a time publishes). Both are small items written with
 * conditions, so an operator's change is never lost to a run that started before it.
 */
import { DeleteCommand, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../client';
import { isConditionFailure } from '../conditions';
import { fromItem } from '../item';
import { keys } from '../keys';
import { leaseRepository, type Lease } from './lease-repository';
import type { TableUse } from '../table-use';

export interface StaleMark {
  game_global_id: string;
  /** The first change since the last publish. */
  stale_since: string;
  /** Raised by every change: a run clears the mark only if no change came in while it built. */
  version: number;
}

type RankingLease = Lease;

/** Marks the tournament's rankings stale (keeps the first instant, counts the change). */
async function markStale(gameGlobalId: string, now: Date): Promise<StaleMark> {
  const { Attributes } = await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.rankingStale(gameGlobalId),
      UpdateExpression:
        'SET entity = :entity, game_global_id = :id, stale_since = if_not_exists(stale_since, :now) ADD version :one',
      ExpressionAttributeValues: {
        ':entity': 'ranking_stale',
        ':id': gameGlobalId,
        ':now': now.toISOString(),
        ':one': 1,
      },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return fromItem<StaleMark>(Attributes!);
}

/** What the ranking job has to do: the stale marks, and the tournaments with change records to write. */
interface RankingWork {
  marks: StaleMark[];
  /** Tournaments with operators' actions whose change records are still to be written. */
  changes: string[];
}

/**
 * Every stale mark and change task (one Query of a small partition; the tasks' bodies are left out,
 * and it is empty when nothing changed).
 */
async function pendingWork(): Promise<RankingWork> {
  const { Items = [] } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk',
      ProjectionExpression: '#sk, game_global_id, stale_since, version',
      ExpressionAttributeNames: { '#sk': 'SK' },
      ExpressionAttributeValues: { ':pk': keys.rankingStalePartition },
    }),
  );
  const isTask = (item: Record<string, unknown>) =>
    String(item['SK']).startsWith(keys.scoreChangeTaskPrefix());
  return {
    marks: Items.filter((item) => !isTask(item)).map((item) => fromItem<StaleMark>(item)),
    changes: [...new Set(Items.filter(isTask).map((item) => String(item['game_global_id'])))],
  };
}

async function getStale(gameGlobalId: string): Promise<StaleMark | null> {
  const { Item } = await db().send(
    // Strongly consistent: a mark the job has just cleared must not look present.
    new GetCommand({ TableName: tableName(), Key: keys.rankingStale(gameGlobalId), ConsistentRead: true }),
  );
  return Item ? fromItem<StaleMark>(Item) : null;
}

/** Clears the mark a run published; a change that came in meanwhile (newer version) keeps it. */
async function clearStale(mark: StaleMark): Promise<boolean> {
  try {
    await db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.rankingStale(mark.game_global_id),
        ConditionExpression: 'version = :version',
        ExpressionAttributeValues: { ':version': mark.version },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Takes the job's lease unless another run holds one that has not expired. */
const acquireLease = (owner: string, now: Date, forMs: number): Promise<RankingLease | null> =>
  leaseRepository.acquire(keys.rankingLease, 'ranking_lease', owner, now, forMs);

/** Gives the lease back (only the owner's own; an expired lease taken over stays the new owner's). */
const releaseLease = (owner: string) => leaseRepository.release(keys.rankingLease, owner);

const getLease = (): Promise<RankingLease | null> => leaseRepository.get(keys.rankingLease);

/** The ranking job state (stale marks, the lease): reads and writes. */
export const rankingStateRepository = {
  markStale,
  pendingWork,
  getStale,
  clearStale,
  acquireLease,
  releaseLease,
  getLease,
};

/** The partitions each function reads, writes and queries by index (functions/src/db/table-use.ts). */
export const tableUse = {
  rankingStateRepository: {
    markStale: { write: ['RANKSTALE'] },
    pendingWork: { read: ['RANKSTALE'] },
    getStale: { read: ['RANKSTALE'] },
    clearStale: { write: ['RANKSTALE'] },
    acquireLease: { write: ['RANKLEASE'] },
    releaseLease: { write: ['RANKLEASE'] },
    getLease: { read: ['RANKLEASE'] },
  },
} satisfies TableUse<{ rankingStateRepository: typeof rankingStateRepository }>;
