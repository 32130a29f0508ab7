/**
 * Leases: one run at a time of a scheduled job, held by a conditional write rather than by the
 * function's reserved concurrency (which a new account's concurrency quota cannot spare). A run
 * that dies keeps its lease until it expires; the next run after that takes it over.
 */
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../client';
import { isConditionFailure } from '../conditions';
import { fromItem } from '../item';
import { keys } from '../keys';
import type { TableUse } from '../table-use';

export interface Lease {
  owner: string;
  acquired_at: string;
  expires_at: string;
}

type LeaseKey = { PK: string; SK: string };

/**
 * Takes the lease unless another owner holds one that has not expired; the same owner takes its own
 * lease again (an import sent again after an answer it never got).
 */
async function acquire(key: LeaseKey, entity: string, owner: string, now: Date, forMs: number) {
  const lease: Lease = {
    owner,
    acquired_at: now.toISOString(),
    expires_at: new Date(now.getTime() + forMs).toISOString(),
  };
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...key, entity, ...lease },
        ConditionExpression: 'attribute_not_exists(PK) OR expires_at <= :now OR #owner = :owner',
        ExpressionAttributeNames: { '#owner': 'owner' },
        ExpressionAttributeValues: { ':now': now.toISOString(), ':owner': owner },
      }),
    );
    return lease;
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

/** Gives the lease back (only the owner's own; an expired lease taken over stays the new owner's). */
async function release(key: LeaseKey, owner: string): Promise<void> {
  try {
    await db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: key,
        ConditionExpression: '#owner = :owner',
        ExpressionAttributeNames: { '#owner': 'owner' },
        ExpressionAttributeValues: { ':owner': owner },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

async function get(key: LeaseKey): Promise<Lease | null> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: key }));
  return Item ? fromItem<Lease>(Item) : null;
}

export const leaseRepository = { acquire, release, get };

/** The lease of a scheduled job (carry-over, reminders): one run of it at a time. */
export const jobLeaseRepository = {
  acquire: (job: string, owner: string, now: Date, forMs: number) =>
    acquire(keys.jobLease(job), 'job_lease', owner, now, forMs),
  release: (job: string, owner: string) => release(keys.jobLease(job), owner),
};

/** The partitions each function reads, writes and queries by index (functions/src/db/table-use.ts). */
export const tableUse = {
  // The key is the caller's (a repository's), and so is its partition in the caller's declaration.
  leaseRepository: { acquire: {}, release: {}, get: {} },
  jobLeaseRepository: {
    acquire: { write: ['JOBLEASE'] },
    release: { write: ['JOBLEASE'] },
  },
} satisfies TableUse<{
  leaseRepository: typeof leaseRepository;
  jobLeaseRepository: typeof jobLeaseRepository;
}>;
