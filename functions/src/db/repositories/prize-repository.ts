import type { PrizeKind, PrizeRecord } from '@golf/shared/schemas/prize';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../client';
import { transactionHeld } from '../conditions';
import { fromItem } from '../item';
import { keys } from '../keys';
import { queryAll } from '../query-all';

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

  /** Creates or replaces a prize (its listing moves with its kind and order). */
  async put(record: PrizeRecord): Promise<void> {
    await db().send(new PutCommand({ TableName: tableName(), Item: prizeItem(record) }));
  },

  /**
   * Retires or restores a prize read as `stored`: false when it changed since, or (retiring) when
   * it was drawn meanwhile, so a prize with winners is never retired.
   */
  async putRetirement(record: PrizeRecord, stored: PrizeRecord): Promise<boolean> {
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
    ]);
  },
};

export const prizeItem = (record: PrizeRecord) => ({
  ...keys.prize(record.id),
  ...keys.prizeListing(record.kind, record.order, record.id),
  entity: 'prize',
  ...record,
});
