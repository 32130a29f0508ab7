import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';

export interface BatchGetOptions {
  /** Attributes to return (a ProjectionExpression); every attribute when absent. */
  projection?: string;
  /** Names for `#placeholders` in the projection. */
  names?: Record<string, string>;
  /** Strongly consistent reads (the auth path reads what a sign-out has just written). */
  consistentRead?: boolean;
  /** Tries per 100 keys before giving up with an error. */
  maxAttempts?: number;
  /** First backoff between tries, doubled each time. */
  baseDelayMs?: number;
  /** BatchGetItem calls in flight at once (8 unless given). */
  concurrency?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The one way to read many items by key: 100 keys per BatchGetItem, keys the table left unprocessed
 * (throttling, the 16 MB limit) asked again with backoff, an error rather than a short answer when
 * they stay unprocessed. Duplicate keys are asked once; missing items are left out.
 */
export async function batchGetAll(
  requestKeys: ReadonlyArray<{ PK: string; SK: string }>,
  options: BatchGetOptions = {},
): Promise<Array<Record<string, unknown>>> {
  const maxAttempts = options.maxAttempts ?? 8;
  const baseDelay = options.baseDelayMs ?? 20;
  const unique = [...new Map(requestKeys.map((key) => [`${key.PK}\u0000${key.SK}`, key])).values()];
  const items: Array<Record<string, unknown>> = [];
  const readChunk = async (chunk: ReadonlyArray<{ PK: string; SK: string }>) => {
    let pending: Array<Record<string, unknown>> = chunk.map(({ PK, SK }) => ({ PK, SK }));
    for (let attempt = 0; pending.length && attempt < maxAttempts; attempt++) {
      if (attempt) await sleep(baseDelay * 2 ** (attempt - 1));
      const { Responses, UnprocessedKeys } = await db().send(
        new BatchGetCommand({
          RequestItems: {
            [tableName()]: {
              Keys: pending,
              ...(options.projection ? { ProjectionExpression: options.projection } : {}),
              ...(options.names ? { ExpressionAttributeNames: options.names } : {}),
              ...(options.consistentRead ? { ConsistentRead: true } : {}),
            },
          },
        }),
      );
      items.push(...(Responses?.[tableName()] ?? []));
      pending = (UnprocessedKeys?.[tableName()]?.Keys ?? []) as Array<Record<string, unknown>>;
    }
    if (pending.length) throw new Error(`batch get gave up with ${pending.length} unprocessed keys`);
  };
  // Several calls in flight: a ranking publish reads 100,000 profiles in 1,000 calls, which one
  // after another would take longer than building the whole snapshot.
  let next = 0;
  const worker = async () => {
    while (next < unique.length) {
      const start = next;
      next += 100;
      await readChunk(unique.slice(start, start + 100));
    }
  };
  const workers = Math.min(options.concurrency ?? 8, Math.ceil(unique.length / 100));
  await Promise.all(Array.from({ length: workers }, worker));
  return items;
}
