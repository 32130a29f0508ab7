import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';

/** The single table: generic keys, two overloaded GSIs, TTL on `expiresAt` (docs/data-model.md). */
export const tableKeys = {
  partitionKey: 'PK',
  sortKey: 'SK',
  indexes: [
    { name: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK' },
    { name: 'GSI2', partitionKey: 'GSI2PK', sortKey: 'GSI2SK' },
  ],
  timeToLiveAttribute: 'expiresAt',
} as const;

export function createTableInput(tableName: string): CreateTableCommandInput {
  const attributes = new Set<string>([tableKeys.partitionKey, tableKeys.sortKey]);
  for (const index of tableKeys.indexes) {
    attributes.add(index.partitionKey);
    attributes.add(index.sortKey);
  }
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [...attributes].map((name) => ({ AttributeName: name, AttributeType: 'S' })),
    KeySchema: [
      { AttributeName: tableKeys.partitionKey, KeyType: 'HASH' },
      { AttributeName: tableKeys.sortKey, KeyType: 'RANGE' },
    ],
    GlobalSecondaryIndexes: tableKeys.indexes.map((index) => ({
      IndexName: index.name,
      KeySchema: [
        { AttributeName: index.partitionKey, KeyType: 'HASH' },
        { AttributeName: index.sortKey, KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'ALL' },
    })),
  };
}
