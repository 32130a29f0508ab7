import type { PrizeKind, PrizeRecord } from '@golf/shared/schemas/prize';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { batchGetAll } from '../batch-get';
import { db, tableName } from '../client';
import { transactionHeld, type TransactItems } from '../conditions';
import { fromItem } from '../item';
import { keys } from '../keys';
import { queryAll } from '../query-all';
import type { TableUse } from '../table-use';

export const prizeRepository = {
  async listByKind(kind: PrizeKind): Promise<PrizeRecord[]> {
    const items = await queryAll<Record<string, unknown>>({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.prizeListing(kind, 0, '').GSI1PK },
    });
    return items.map((item) => fromItem<PrizeRecord>(item));
  },

  async get(prizeId: string): Promise<PrizeRecord | undefined> {
    const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.prize(prizeId) }));
    return Item ? fromItem<PrizeRecord>(Item) : undefined;
  },

  /** The prizes of these ids as stored now (strongly consistent reads; missing ones left out). */
  async getMany(prizeIds: readonly string[]): Promise<PrizeRecord[]> {
    const items = await batchGetAll(
      prizeIds.map((id) => keys.prize(id)),
      { consistentRead: true },
    );
    return items.map((item) => fromItem<PrizeRecord>(item));
  },

  /**
   * Creates or replaces a prize (its listing moves with its kind and order) in one transaction with
   * `also` (its scope's change, its audit): false when one of those refused.
   */
  async put(record: PrizeRecord, also: TransactItems): Promise<boolean> {
    return transactionHeld([{ Put: { TableName: tableName(), Item: prizeItem(record) } }, ...also]);
  },

  /**
   * Retires or restores a prize read as `stored`, with `also`: false when it changed since, when
   * one of `also` refused, or (retiring) when it was drawn meanwhile, so a prize with winners is
   * never retired.
   */
  async putRetirement(record: PrizeRecord, stored: PrizeRecord, also: TransactItems): Promise<boolean> {
    const sameState = stored.retired_at
      ? { ConditionExpression: 'retired_at = :at', ExpressionAttributeValues: { ':at': stored.retired_at } }
      : { ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(retired_at)' };
    return transactionHeld([
      { Put: { TableName: tableName(), Item: prizeItem(record), ...sameState } },
      ...(record.retired_at
        ? [
            {
              ConditionCheck: {
                TableName: tableName(),
                Key: keys.prizeDraw(record.id),
                ConditionExpression: 'attribute_not_exists(PK)',
              },
            },
          ]
        : []),
      ...also,
    ]);
  },

  /** The transaction item that holds only while the prize exists and is offered (not retired). */
  offered(prizeId: string) {
    return {
      ConditionCheck: {
        TableName: tableName(),
        Key: keys.prize(prizeId),
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(retired_at)',
      },
    };
  },
};

export const prizeItem = (record: PrizeRecord) => ({
  ...keys.prize(record.id),
  ...keys.prizeListing(record.kind, record.order, record.id),
  entity: 'prize',
  ...record,
});

/** The partitions each function reads, writes and queries by index (functions/src/db/table-use.ts). */
export const tableUse = {
  prizeItem: { write: ['PRIZE#'] },
  prizeRepository: {
    listByKind: { index: ['PRIZES#'] },
    get: { read: ['PRIZE#'] },
    getMany: { read: ['PRIZE#'] },
    put: { write: ['PRIZE#'] },
    putRetirement: { write: ['PRIZE#'] },
    offered: { read: ['PRIZE#'] },
  },
} satisfies TableUse<{ prizeRepository: typeof prizeRepository; prizeItem: typeof prizeItem }>;
