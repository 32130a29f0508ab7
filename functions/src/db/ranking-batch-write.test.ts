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

  it('takes items from a generator as calls leave room, and stops at a call that fails', async () => {
    const client = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'local' }));
    const mock = mockClient(client);
    let taken = 0;
    let written = 0;
    let ahead = 0;
    mock
      .on(BatchWriteCommand)
      .callsFake(
        async (input: { RequestItems: Record<string, Array<{ PutRequest: { Item: { PK: string } } }>> }) => {
          await new Promise((resolve) => setTimeout(resolve, 1));
          const requests = Object.values(input.RequestItems)[0]!;
          if (requests.some((r) => r.PutRequest.Item.PK === 'RANKPAGE#700')) throw new Error('timed out');
          written += requests.length;
          return { UnprocessedItems: {} };
        },
      );
    setDb(client);
    function* items() {
      for (let i = 0; i < 1000; i++) {
        ahead = Math.max(ahead, taken - written);
        taken++;
        yield { PK: `RANKPAGE#${i}`, SK: 'x' };
      }
    }
    await expect(batchWriteAll(items(), { concurrency: 2 })).rejects.toThrow('timed out');
    // Never more than the calls in flight and the chunk being filled ahead of what is written.
    expect(ahead).toBeLessThanOrEqual(3 * 25);
    expect(taken).toBeLessThan(1000);
    const all = await batchWriteAll(
      (function* () {
        for (let i = 0; i < 60; i++) yield { PK: `RANKPAGE#${i}`, SK: 'x' };
      })(),
    );
    expect(all.writeRequests).toBe(60);
  });
});
