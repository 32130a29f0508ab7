/** The data migrations applied to the table: one item each (`MIGRATION` / `{name}`), written once it has run to its end. */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../client';
import { keys } from '../keys';
import { queryAll } from '../query-all';
import type { TableUse } from '../table-use';

export const migrationRepository = {
  /** The names of the migrations applied (strongly consistent: a run just recorded counts). */
  async applied(): Promise<Set<string>> {
    const items = await queryAll<{ SK: string }>({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.migrationPartition },
      ProjectionExpression: 'SK',
      ConsistentRead: true,
    });
    return new Set(items.map((item) => item.SK));
  },

  async recordApplied(name: string, now: Date): Promise<void> {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.migration(name), entity: 'migration', name, applied_at: now.toISOString() },
      }),
    );
  },
};

/** The partitions each function reads, writes and queries by index (functions/src/db/table-use.ts). */
export const tableUse = {
  migrationRepository: {
    applied: { read: ['MIGRATION'] },
    recordApplied: { write: ['MIGRATION'] },
  },
} satisfies TableUse<{ migrationRepository: typeof migrationRepository }>;
