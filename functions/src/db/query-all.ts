import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { mapInPool } from '../lib/pool';
import { db } from './client';

/** Queries of a sharded partition's keys in flight at once (the SDK's own pool holds 50 connections). */
const SHARD_QUERIES_IN_FLIGHT = 16;

/** Runs a query to the end, following LastEvaluatedKey (a field of ~150 players fits one page). */
export async function queryAll<T>(input: QueryCommandInput): Promise<T[]> {
  const items: T[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(new QueryCommand({ ...input, ExclusiveStartKey }));
    items.push(...((page.Items ?? []) as T[]));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

/** Counts a query's items to the end (Select COUNT: only the counts come back). */
export async function countAll(input: Omit<QueryCommandInput, 'Select'>): Promise<number> {
  let count = 0;
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(new QueryCommand({ ...input, Select: 'COUNT', ExclusiveStartKey }));
    count += page.Count ?? 0;
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return count;
}

/**
 * Runs a query on each of a sharded partition's keys to the end, 16 at a time; `input` is the query
 * of one key, given its `:pk`. The items come in the keys' order.
 */
export async function queryShards<T>(
  partitionKeys: readonly string[],
  input: QueryCommandInput & { ExpressionAttributeValues: Record<string, unknown> },
): Promise<T[]> {
  const pages = await mapInPool(partitionKeys, SHARD_QUERIES_IN_FLIGHT, (pk) =>
    queryAll<T>({ ...input, ExpressionAttributeValues: { ...input.ExpressionAttributeValues, ':pk': pk } }),
  );
  return pages.flat();
}

/** Counts a query's items over each of a sharded partition's keys (as `queryShards`, COUNT only). */
export async function countShards(
  partitionKeys: readonly string[],
  input: Omit<QueryCommandInput, 'Select'> & { ExpressionAttributeValues: Record<string, unknown> },
): Promise<number> {
  const counts = await mapInPool(partitionKeys, SHARD_QUERIES_IN_FLIGHT, (pk) =>
    countAll({ ...input, ExpressionAttributeValues: { ...input.ExpressionAttributeValues, ':pk': pk } }),
  );
  return counts.reduce((sum, count) => sum + count, 0);
}
