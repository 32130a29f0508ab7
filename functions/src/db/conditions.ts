import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { isCapacityCancellation, isTransactionConflict } from '../lib/errors';
import { db, tableName } from './client';

/** A transaction refused as a whole (one of its conditions failed, or it collided with another). */
export const isCancelled = (error: unknown): error is TransactionCanceledException =>
  error instanceof TransactionCanceledException ||
  (error as { name?: string })?.name === 'TransactionCanceledException';

/** Whether the condition of the transaction's item at `index` is what failed. */
export const failedAt = (error: TransactionCanceledException, index: number) =>
  error.CancellationReasons?.[index]?.Code === 'ConditionalCheckFailed';

/** A conditional write, or a transaction, refused because one of its conditions did not hold. */
export const isConditionFailure = (error: unknown): boolean =>
  error instanceof ConditionalCheckFailedException ||
  (isCancelled(error) &&
    (error.CancellationReasons ?? []).some((reason) => reason.Code === 'ConditionalCheckFailed'));

/**
 * A write refused only because a transaction on one of its items was under way, not for any
 * condition: nothing was written, and it may be sent again.
 */
export const isTransactionClash = (error: unknown): boolean => isTransactionConflict(error);

/**
 * Runs `write` again, a few times and briefly apart, while it clashes with a transaction on its
 * items: for a write that must not fail for a moment's overlap (a draw's lock and commit).
 */
export async function retryingClashes<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (attempt >= 5 || !isTransactionClash(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10 * 2 ** attempt));
    }
  }
}

/**
 * Runs a conditional write (or a transaction): its result, or `refused` when a condition did not
 * hold. Any other failure is thrown. Every repository reads a refusal through here.
 */
export async function unlessRefused<T, R>(write: Promise<T>, refused: R): Promise<T | R> {
  try {
    return await write;
  } catch (error) {
    if (isConditionFailure(error)) return refused;
    throw error;
  }
}

/** Runs a conditional write: true when it was written, false when its condition did not hold. */
export const conditionHeld = (write: Promise<unknown>): Promise<boolean> =>
  unlessRefused(
    write.then(() => true),
    false,
  );

/** The items of one transaction (a repository takes others' as `also`). */
export type TransactItems = NonNullable<TransactWriteCommandInput['TransactItems']>;

/**
 * Runs a transaction: null when it was written, else what `refusal` makes of its cancellation (read
 * it with `failedAt`). Any other failure is thrown, a cancellation for capacity (a throttled item,
 * no condition failing) too: it is no refusal, and the caller answers 503 so that it is sent again.
 */
export async function transactWrite<R>(
  items: TransactItems,
  refusal: (error: TransactionCanceledException) => R | Promise<R>,
): Promise<R | null> {
  try {
    await db().send(new TransactWriteCommand({ TransactItems: items }));
    return null;
  } catch (error) {
    if (!isCancelled(error) || isCapacityCancellation(error)) throw error;
    return refusal(error);
  }
}

/** Runs a transaction: true when it was written, false when it was cancelled. */
export const transactionHeld = async (items: TransactItems): Promise<boolean> =>
  (await transactWrite(items, () => false)) ?? true;

/** A transaction's Put of an item that must not exist yet (a lock, a first entry, a new record). */
export const putNew = (item: Record<string, unknown>) => ({
  Put: { TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(PK)' },
});
