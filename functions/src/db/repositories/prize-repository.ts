import type { PrizeKind, PrizeRecord } from '@golf/shared/schemas/prize';
import { tableName } from '../client';
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
};

export const prizeItem = (record: PrizeRecord) => ({
  ...keys.prize(record.id),
  ...keys.prizeListing(record.kind, record.order, record.id),
  entity: 'prize',
  ...record,
});
