import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { db } from './client';

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
