import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { createTableInput, tableKeys } from '../../functions/src/db/table-definition';
import { waitFor } from './process-utils';

/** Creates the single table (with its GSIs and TTL) when it does not exist yet. */
export async function ensureTable(tableName: string): Promise<{ created: boolean }> {
  const client = new DynamoDBClient({});
  try {
    try {
      await client.send(new DescribeTableCommand({ TableName: tableName }));
      return { created: false };
    } catch (error) {
      if (!(error instanceof ResourceNotFoundException)) throw error;
    }
    await client.send(new CreateTableCommand(createTableInput(tableName)));
    await waitFor(async () => {
      const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
      if (Table?.TableStatus !== 'ACTIVE') throw new Error('table not active yet');
    }, 30_000);
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: tableKeys.timeToLiveAttribute, Enabled: true },
      }),
    );
    return { created: true };
  } finally {
    client.destroy();
  }
}
