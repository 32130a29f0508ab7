/**
 * The local stack's outboxes (mail at /dev/outbox, LINE at /dev/line-outbox): what the game would
 * have sent, kept in the table for a week so the links in it can be followed without a real service.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { db, tableName } from '../client';
import { fromItem } from '../item';
import { keys } from '../keys';
import { queryAll } from '../query-all';
import type { TableUse } from '../table-use';

const outboxTtlSeconds = 7 * 24 * 3600;

type OutboxEntry<T> = T & { id: string; sent_at: string };

/** Keeps one message in an outbox, ordered by when it was sent. */
async function keep(
  keyOf: (sentAt: string, messageId: string) => { PK: string; SK: string },
  entity: string,
  message: object,
  now: Date,
): Promise<void> {
  const id = ulid(now.getTime());
  const sentAt = now.toISOString();
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keyOf(sentAt, id),
        entity,
        id,
        sent_at: sentAt,
        ...message,
        expiresAt: Math.floor(now.getTime() / 1000) + outboxTtlSeconds,
      },
    }),
  );
}

/** An outbox, newest first (at most 100), optionally only the messages to one recipient. */
async function read<T>(partition: string, to?: string): Promise<Array<OutboxEntry<T>>> {
  const items = await queryAll<Record<string, unknown>>({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk',
    ...(to ? { FilterExpression: '#to = :to', ExpressionAttributeNames: { '#to': 'to' } } : {}),
    ExpressionAttributeValues: { ':pk': partition, ...(to ? { ':to': to } : {}) },
    ScanIndexForward: false,
  });
  return items
    .slice(0, 100)
    .map((item) => fromItem<OutboxEntry<T> & { expiresAt?: number; entity?: string }>(item))
    .map(({ expiresAt: _expires, entity: _entity, ...message }) => message as OutboxEntry<T>);
}

export const outboxRepository = {
  keepMail: (message: object, now: Date) => keep(keys.outboxMessage, 'outbox_message', message, now),
  listMail: <T>(to?: string) => read<T>(keys.outboxMessage('', '').PK, to),
  keepLineMessage: (message: object, now: Date) =>
    keep(keys.lineOutboxMessage, 'line_outbox_message', message, now),
  listLineMessages: <T>(to?: string) => read<T>(keys.lineOutboxMessage('', '').PK, to),
};

/** The partitions each function reads, writes and queries by index (functions/src/db/table-use.ts). */
export const tableUse = {
  outboxRepository: {
    keepMail: { write: ['OUTBOX'] },
    listMail: { read: ['OUTBOX'] },
    keepLineMessage: { write: ['LINE_OUTBOX'] },
    listLineMessages: { read: ['LINE_OUTBOX'] },
  },
} satisfies TableUse<{ outboxRepository: typeof outboxRepository }>;
