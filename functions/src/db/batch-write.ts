import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Writes items 25 at a time with BatchWriteItem, retrying unprocessed items with exponential
 * backoff and jitter, so nothing is lost when the table throttles.
 */
export async function batchWriteAll(
  items: Record<string, unknown>[],
  options: { maxAttempts?: number; baseDelayMs?: number; concurrency?: number } = {},
): Promise<{ writeRequests: number; retries: number }> {
  const maxAttempts = options.maxAttempts ?? 10;
  const baseDelay = options.baseDelayMs ?? 25;
  const chunks: Record<string, unknown>[][] = [];
  for (let i = 0; i < items.length; i += 25) chunks.push(items.slice(i, i + 25));
  let retries = 0;
  let next = 0;

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

  const worker = async () => {
    while (next < chunks.length) await writeChunk(chunks[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency ?? 4, chunks.length) }, worker));
  return { writeRequests: items.length, retries };
}
