import { DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mapInPool } from '../lib/pool';
import { db, tableName } from './client';
import { conditionHeld } from './conditions';

/** Items of one page moved at once. */
const MOVES_IN_FLIGHT = 16;

/**
 * Moves the first `limit` items of a partition to the keys `to` gives them (a migration's step).
 * Each is copied unless an item is already at its new key (one stored there since by the new code,
 * or this item's copy from a run cut short), then removed from its old key unless it changed since
 * it was read (`unchanged`: an attribute every write of it changes). Safe to run again and to stop
 * at any point: what is left at the old keys is moved by the next run. `more`: items may remain.
 */
export async function movePartitionPage(input: {
  partition: string;
  limit: number;
  to: (item: Record<string, unknown>) => { PK: string; SK: string };
  unchanged: string;
}): Promise<{ moved: number; more: boolean }> {
  const page = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': input.partition },
      Limit: input.limit,
      ConsistentRead: true,
    }),
  );
  const items = page.Items ?? [];
  const copied = await mapInPool(items, MOVES_IN_FLIGHT, async (item) => {
    const stored = await conditionHeld(
      db().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...item, ...input.to(item) },
          ConditionExpression: 'attribute_not_exists(PK)',
        }),
      ),
    );
    await conditionHeld(
      db().send(
        new DeleteCommand({
          TableName: tableName(),
          Key: { PK: item['PK'], SK: item['SK'] },
          ConditionExpression: '#unchanged = :seen',
          ExpressionAttributeNames: { '#unchanged': input.unchanged },
          ExpressionAttributeValues: { ':seen': item[input.unchanged] },
        }),
      ),
    );
    return stored;
  });
  return { moved: copied.filter(Boolean).length, more: page.LastEvaluatedKey !== undefined };
}
