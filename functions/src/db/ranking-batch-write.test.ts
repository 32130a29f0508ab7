import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { batchWriteAll } from './batch-write';
import { setDb, tableName } from './client';

describe('batchWriteAll under throttling (ranking snapshots)', () => {
  afterEach(() => setDb(undefined));

  it('retries unprocessed items until every item is written', async () => {
    const client = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'local' }));
    const mock = mockClient(client);
    const written = new Set<string>();
    let call = 0;
    mock
      .on(BatchWriteCommand)
      .callsFake(
        (input: { RequestItems: Record<string, Array<{ PutRequest: { Item: { PK: string } } }>> }) => {
          const requests = Object.values(input.RequestItems)[0]!;
          call++;
          // Every other call: the table throttles and accepts only the first 5 requests.
          const accepted = call % 2 === 1 ? requests.slice(0, 5) : requests;
          for (const r of accepted) written.add(r.PutRequest.Item.PK);
          const rest = requests.slice(accepted.length);
          return { UnprocessedItems: rest.length ? { [tableName()]: rest } : {} };
        },
      );
    setDb(client);
    const items = Array.from({ length: 260 }, (_, i) => ({ PK: `RANKPAGE#${i}`, SK: 'x' }));
    const result = await batchWriteAll(items, { baseDelayMs: 1 });
    expect(written.size).toBe(260);
    expect(result.retries).toBeGreaterThan(0);
  });
});
