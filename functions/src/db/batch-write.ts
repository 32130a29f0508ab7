import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface BatchWriteOptions {
  maxAttempts?: number;
  baseDelayMs?: number;
  /** BatchWriteItem calls in flight at once (4 by default). */
  concurrency?: number;
}

/**
 * Writes items 25 at a time with BatchWriteItem, retrying unprocessed items with exponential
 * backoff and jitter, so nothing is lost when the table throttles. The items may come from a
 * generator: they are taken as the calls in flight leave room, so a large write (a ranking
 * snapshot) never holds all its items at once.
 */
export async function batchWriteAll(
  items: Iterable<Record<string, unknown>> | AsyncIterable<Record<string, unknown>>,
  options: BatchWriteOptions = {},
): Promise<{ writeRequests: number; retries: number }> {
  const maxAttempts = options.maxAttempts ?? 10;
  const baseDelay = options.baseDelayMs ?? 25;
  const concurrency = options.concurrency ?? 4;
  let retries = 0;
  let writeRequests = 0;

  const writeChunk = async (chunk: Record<string, unknown>[]) => {
    let requests = chunk.map((Item) => ({ PutRequest: { Item } }));
    for (let attempt = 1; requests.length; attempt++) {
      const result = await db().send(new BatchWriteCommand({ RequestItems: { [tableName()]: requests } }));
      requests = (result.UnprocessedItems?.[tableName()] ?? []) as typeof requests;
      if (!requests.length) return;
      if (attempt >= maxAttempts)
        throw new Error(`batch write gave up with ${requests.length} unprocessed items`);
      retries++;
      await sleep(baseDelay * 2 ** attempt * (0.5 + Math.random() / 2));
    }
  };

  const inFlight = new Set<Promise<void>>();
  let failure: { error: unknown } | undefined;
  const send = async (chunk: Record<string, unknown>[]) => {
    const call: Promise<void> = writeChunk(chunk)
      .catch((error: unknown) => {
        failure ??= { error };
      })
      .finally(() => inFlight.delete(call));
    inFlight.add(call);
    if (inFlight.size >= concurrency) await Promise.race(inFlight);
  };

  let chunk: Record<string, unknown>[] = [];
  for await (const item of items) {
    if (failure) break;
    chunk.push(item);
    writeRequests++;
    if (chunk.length === 25) {
      await send(chunk);
      chunk = [];
    }
  }
  if (chunk.length && !failure) await send(chunk);
  await Promise.all(inFlight);
  if (failure) throw failure.error;
  return { writeRequests, retries };
}
