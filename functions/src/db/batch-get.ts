import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';

/** Gets many items by key, 100 at a time, retrying unprocessed keys; missing items are left out. */
export async function batchGetAll(
  requestKeys: ReadonlyArray<{ PK: string; SK: string }>,
  projection?: string,
): Promise<Array<Record<string, unknown>>> {
  const items: Array<Record<string, unknown>> = [];
  for (let i = 0; i < requestKeys.length; i += 100) {
    let pending: Array<Record<string, unknown>> = requestKeys.slice(i, i + 100).map((key) => ({ ...key }));
    for (let attempt = 0; pending.length && attempt < 8; attempt++) {
      const { Responses, UnprocessedKeys } = await db().send(
        new BatchGetCommand({
          RequestItems: {
            [tableName()]: { Keys: pending, ...(projection ? { ProjectionExpression: projection } : {}) },
          },
        }),
      );
      items.push(...(Responses?.[tableName()] ?? []));
      pending = (UnprocessedKeys?.[tableName()]?.Keys ?? []) as Array<Record<string, unknown>>;
      if (pending.length) await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt));
    }
    if (pending.length) throw new Error(`batch get gave up with ${pending.length} unprocessed keys`);
  }
  return items;
}
