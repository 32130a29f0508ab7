import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';

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
