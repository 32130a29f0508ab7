/**
 * The reminder batches waiting for a sender (`REMINDER_QUEUE`): one small item per batch (a range of
 * subscriber ids of one round's reminder times). A sender claims one with a conditional write (a
 * lease); a sender that dies keeps it until the lease ends, and the next claim takes it again; the
 * sent markers make that second pass send nothing twice.
 */
import { DeleteCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ReminderHours } from '@golf/shared/game/reminders';
import { batchWriteAll } from '../batch-write';
import { db, tableName } from '../client';
import { conditionHeld } from '../conditions';
import { fromItem } from '../item';
import { keys } from '../keys';
import type { TableUse } from '../table-use';

export interface ReminderBatch {
  plan_id: string;
  batch: number;
  game_global_id: string;
  round: number;
  deadline_at: string;
  /** The reminder times it sends (several when a run was late: one message claims them all). */
  hours: ReminderHours[];
  /** The first and last subscriber id of the range (both included). */
  from_user: string;
  to_user: string;
  /** Claims so far (a batch claimed again after a lease ran out or a failure counts each). */
  attempts: number;
}

const queuePartition = keys.reminderQueuePartition;
/** Candidates read per query page: enough to skip the few batches other senders hold. */
const candidatesPerPage = 25;

export const reminderQueueRepository = {
  async enqueue(batches: readonly ReminderBatch[], expiresAt: number): Promise<void> {
    await batchWriteAll(
      batches.map((batch) => ({
        ...keys.reminderBatch(batch.plan_id, batch.batch),
        entity: 'reminder_batch',
        ...batch,
        expiresAt,
      })),
    );
  },

  /**
   * Claims the first batch that no sender holds (no lease, or one ended): a conditional write, so
   * two senders never hold one batch at once. Undefined when none is free.
   */
  async claimNext(now: Date, owner: string, leaseMs: number): Promise<ReminderBatch | undefined> {
    let start: Record<string, unknown> | undefined;
    const at = now.toISOString();
    do {
      const page = await db().send(
        new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: 'PK = :pk',
          FilterExpression: 'attribute_not_exists(lease_until) OR lease_until <= :now',
          ExpressionAttributeValues: { ':pk': queuePartition, ':now': at },
          Limit: candidatesPerPage,
          ...(start ? { ExclusiveStartKey: start } : {}),
        }),
      );
      for (const item of page.Items ?? []) {
        const batch = fromItem<ReminderBatch & { lease_until?: string }>(item);
        const claimed = await conditionHeld(
          db().send(
            new UpdateCommand({
              TableName: tableName(),
              Key: keys.reminderBatch(batch.plan_id, batch.batch),
              UpdateExpression: 'SET lease_until = :until, #owner = :owner ADD attempts :one',
              ConditionExpression:
                'attribute_exists(PK) AND (attribute_not_exists(lease_until) OR lease_until <= :now)',
              ExpressionAttributeNames: { '#owner': 'owner' },
              ExpressionAttributeValues: {
                ':until': new Date(now.getTime() + leaseMs).toISOString(),
                ':owner': owner,
                ':now': at,
                ':one': 1,
              },
            }),
          ),
        );
        if (claimed) return { ...withoutLease(batch), attempts: batch.attempts + 1 };
      }
      start = page.LastEvaluatedKey;
    } while (start);
    return undefined;
  },

  /** Removes a batch its sender finished (only while it still holds it). */
  async complete(batch: Pick<ReminderBatch, 'plan_id' | 'batch'>, owner: string): Promise<void> {
    await conditionHeld(
      db().send(
        new DeleteCommand({
          TableName: tableName(),
          Key: keys.reminderBatch(batch.plan_id, batch.batch),
          ConditionExpression: '#owner = :owner',
          ExpressionAttributeNames: { '#owner': 'owner' },
          ExpressionAttributeValues: { ':owner': owner },
        }),
      ),
    );
  },

  /** Gives a batch back to be claimed again from `at` (some of its messages could not be sent). */
  async retryAt(batch: Pick<ReminderBatch, 'plan_id' | 'batch'>, owner: string, at: Date): Promise<void> {
    await conditionHeld(
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.reminderBatch(batch.plan_id, batch.batch),
          UpdateExpression: 'SET lease_until = :at REMOVE #owner',
          ConditionExpression: '#owner = :owner',
          ExpressionAttributeNames: { '#owner': 'owner' },
          ExpressionAttributeValues: { ':owner': owner, ':at': at.toISOString() },
        }),
      ),
    );
  },

  /** Whether any batch waits (held or not): the job starts the senders while one does. */
  async hasBatches(): Promise<boolean> {
    const { Items } = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': queuePartition },
        Limit: 1,
      }),
    );
    return (Items ?? []).length > 0;
  },
};

function withoutLease(
  batch: ReminderBatch & { lease_until?: string; owner?: string; expiresAt?: number },
): ReminderBatch {
  const { lease_until: _lease, owner: _owner, expiresAt: _expires, ...rest } = batch;
  return rest;
}

/** The partitions each function reads, writes and queries by index (functions/src/db/table-use.ts). */
export const tableUse = {
  reminderQueueRepository: {
    enqueue: { write: ['REMINDER_QUEUE'] },
    claimNext: { write: ['REMINDER_QUEUE'] },
    complete: { write: ['REMINDER_QUEUE'] },
    retryAt: { write: ['REMINDER_QUEUE'] },
    hasBatches: { read: ['REMINDER_QUEUE'] },
  },
} satisfies TableUse<{ reminderQueueRepository: typeof reminderQueueRepository }>;
