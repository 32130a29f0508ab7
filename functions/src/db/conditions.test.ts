import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { conditionHeld, failedAt, isCancelled, unlessRefused } from './conditions';

const conditionFailed = () =>
  new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });
const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: {},
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

describe('conditional writes', () => {
  it('gives the write its result, or the refusal when a condition did not hold', async () => {
    await expect(unlessRefused(Promise.resolve('written'), null)).resolves.toBe('written');
    await expect(unlessRefused(Promise.reject(conditionFailed()), null)).resolves.toBeNull();
    await expect(
      unlessRefused(Promise.reject(cancelled('None', 'ConditionalCheckFailed')), 'refused'),
    ).resolves.toBe('refused');
    await expect(conditionHeld(Promise.resolve({}))).resolves.toBe(true);
    await expect(conditionHeld(Promise.reject(conditionFailed()))).resolves.toBe(false);
  });

  it('throws every other failure, a transaction clash included', async () => {
    await expect(conditionHeld(Promise.reject(new Error('network')))).rejects.toThrow('network');
    await expect(conditionHeld(Promise.reject(cancelled('None', 'TransactionConflict')))).rejects.toThrow(
      'Transaction cancelled',
    );
  });

  it("names which of a transaction's items refused", () => {
    const error = cancelled('None', 'ConditionalCheckFailed');
    expect(isCancelled(error)).toBe(true);
    expect(failedAt(error, 0)).toBe(false);
    expect(failedAt(error, 1)).toBe(true);
    expect(isCancelled(conditionFailed())).toBe(false);
  });
});
