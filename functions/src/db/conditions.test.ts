import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it, vi } from 'vitest';
import { isCapacityCancellation, isTransactionConflict, isTransientAwsError } from '../lib/errors';
import { setDb } from './client';
import {
  conditionHeld,
  failedAt,
  isCancelled,
  isTransactionClash,
  retryingClashes,
  transactWrite,
  unlessRefused,
} from './conditions';

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

describe('writes that clash with a transaction', () => {
  const conflict = () =>
    Object.assign(new Error('Transaction is ongoing for the item'), { name: 'TransactionConflictException' });

  it('tells a clash from a refused condition', () => {
    expect(isTransactionClash(conflict())).toBe(true);
    expect(isTransactionClash(cancelled('None', 'TransactionConflict'))).toBe(true);
    expect(isTransactionClash(cancelled('TransactionConflict', 'ConditionalCheckFailed'))).toBe(false);
    expect(isTransactionClash(conditionFailed())).toBe(false);
    expect(isTransactionClash(new Error('network'))).toBe(false);
  });

  it('sends a write again while it clashes, and never one that failed otherwise', async () => {
    // The pauses between tries run on fake timers.
    vi.useFakeTimers();
    const attempts = async (write: () => Promise<string>) => {
      let calls = 0;
      const outcome = retryingClashes(() => {
        calls += 1;
        return write();
      }).then(
        (value) => ({ value }),
        (error: unknown) => ({ error }),
      );
      await vi.runAllTimersAsync();
      return { ...(await outcome), calls };
    };
    try {
      let clashes = 2;
      expect(
        await attempts(async () => {
          if (clashes-- > 0) throw cancelled('TransactionConflict');
          return 'written';
        }),
      ).toEqual({ value: 'written', calls: 3 });
      const refused = conditionFailed();
      expect(
        await attempts(async () => {
          throw refused;
        }),
      ).toEqual({ error: refused, calls: 1 });
      const clash = conflict();
      expect(
        await attempts(async () => {
          throw clash;
        }),
      ).toEqual({ error: clash, calls: 5 });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('transactions the table had no capacity for', () => {
  const run = async (error: Error) => {
    setDb({ send: () => Promise.reject(error) } as unknown as DynamoDBDocumentClient);
    try {
      return await transactWrite([], (cancellation) => cancellation.CancellationReasons?.map((r) => r.Code));
    } finally {
      setDb(undefined);
    }
  };

  it('throws a throttled transaction, to be answered 503, and refuses a failed condition or a clash', async () => {
    const throttled = cancelled('None', 'ThrottlingError');
    await expect(run(throttled)).rejects.toBe(throttled);
    const overCapacity = cancelled('ProvisionedThroughputExceeded', 'None');
    await expect(run(overCapacity)).rejects.toBe(overCapacity);
    expect(isTransientAwsError(throttled) && isTransientAwsError(overCapacity)).toBe(true);
    // A condition that failed decides: sent again, it would fail the same way.
    await expect(run(cancelled('ConditionalCheckFailed', 'ThrottlingError'))).resolves.toEqual([
      'ConditionalCheckFailed',
      'ThrottlingError',
    ]);
    // A clash with another transaction is a real overlap: refused (409), never a 503.
    const clash = cancelled('None', 'TransactionConflict');
    await expect(run(clash)).resolves.toEqual(['None', 'TransactionConflict']);
    expect(isTransientAwsError(clash)).toBe(false);
    expect(isTransactionConflict(clash)).toBe(true);
    expect(isCapacityCancellation(clash)).toBe(false);
  });
});
