import { BatchGetCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { batchGetAll } from './batch-get';
import { setDb, tableName } from './client';
import { keys } from './keys';
import { teamRepository } from './repositories/team-repository';

type Key = { PK: string; SK: string };

/** A table that, on every other call, answers only the first `served` keys and leaves the rest unprocessed. */
function throttlingTable(
  served: number,
  toItem: (key: Key) => Record<string, unknown> = (key) => ({ ...key }),
) {
  const client = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'local' }));
  const requests: Key[][] = [];
  mockClient(client)
    .on(BatchGetCommand)
    .callsFake((input: { RequestItems: Record<string, { Keys: Key[] }> }) => {
      const asked = Object.values(input.RequestItems)[0]!.Keys;
      requests.push(asked);
      const answered = requests.length % 2 === 1 ? asked.slice(0, served) : asked;
      const rest = asked.slice(answered.length);
      return {
        Responses: { [tableName()]: answered.map(toItem) },
        UnprocessedKeys: rest.length ? { [tableName()]: { Keys: rest } } : {},
      };
    });
  setDb(client);
  return { requests };
}

describe('batchGetAll under throttling', () => {
  afterEach(() => setDb(undefined));

  it('asks unprocessed keys again until every item is read', async () => {
    const { requests } = throttlingTable(7);
    const wanted = Array.from({ length: 230 }, (_, i) => ({ PK: `ITEM#${i}`, SK: 'META' }));
    const items = await batchGetAll(wanted, { baseDelayMs: 1, concurrency: 1 });
    expect(items.map((item) => item['PK']).sort()).toEqual(wanted.map((key) => key.PK).sort());
    expect(requests.every((asked) => asked.length <= 100)).toBe(true);
    // One call at a time: 3 chunks of at most 100 keys, each answered partly once and then in full.
    expect(requests).toHaveLength(6);
    expect(requests[1]).toEqual(requests[0]!.slice(7));
  });

  it('keeps several calls in flight and still reads every item once', async () => {
    const { requests } = throttlingTable(30);
    const wanted = Array.from({ length: 1_050 }, (_, i) => ({ PK: `ITEM#${i}`, SK: 'META' }));
    const items = await batchGetAll(wanted, { baseDelayMs: 1 });
    expect(items.map((item) => item['PK']).sort()).toEqual(wanted.map((key) => key.PK).sort());
    // The first calls of the 8 workers go out before any answer: the first 8 chunks, in order.
    expect(requests.slice(0, 8).map((asked) => asked[0]!.PK)).toEqual(
      Array.from({ length: 8 }, (_, i) => `ITEM#${i * 100}`),
    );
  });

  it('asks a duplicate key once', async () => {
    const { requests } = throttlingTable(100);
    const key = { PK: 'ITEM#1', SK: 'META' };
    const items = await batchGetAll([key, key, { ...key }], { baseDelayMs: 1 });
    expect(items).toHaveLength(1);
    expect(requests[0]).toEqual([key]);
  });

  it('fails rather than returning too few items when keys stay unprocessed', async () => {
    const client = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'local' }));
    mockClient(client)
      .on(BatchGetCommand)
      .callsFake((input: { RequestItems: Record<string, { Keys: Key[] }> }) => ({
        Responses: { [tableName()]: [] },
        UnprocessedKeys: input.RequestItems,
      }));
    setDb(client);
    await expect(
      batchGetAll([{ PK: 'ITEM#1', SK: 'META' }], { maxAttempts: 3, baseDelayMs: 1 }),
    ).rejects.toThrow('1 unprocessed keys');
  });

  it("reads every round's team of a user when the table throttles", async () => {
    const { requests } = throttlingTable(1, (key) => ({
      ...key,
      game_global_id: 'G1',
      round: Number(key.PK.split('#R')[1]!.split('#')[0]),
      user_id: 'u1',
      picks: [],
    }));
    const teams = await teamRepository.getRounds('G1', [1, 2, 3, 4], 'u1');
    expect([...teams.keys()].sort()).toEqual([1, 2, 3, 4]);
    expect(requests[0]).toEqual([1, 2, 3, 4].map((round) => keys.team('G1', round, 'u1')));
  });
});
