import { describe, expect, it } from 'vitest';
import { mapInPool } from './pool';

describe('mapInPool', () => {
  it('answers in the inputs’ order with at most `concurrency` calls in flight', async () => {
    let inFlight = 0;
    let most = 0;
    const results = await mapInPool(
      Array.from({ length: 64 }, (_, i) => i),
      16,
      async (i) => {
        inFlight++;
        most = Math.max(most, inFlight);
        // Later inputs end first: the order comes from the inputs, not from when each ends.
        for (let tick = 0; tick < 64 - i; tick++) await Promise.resolve();
        inFlight--;
        return i * 2;
      },
    );
    expect(results).toEqual(Array.from({ length: 64 }, (_, i) => i * 2));
    expect(most).toBe(16);
  });

  it('rejects with the first failure once the calls in flight have ended', async () => {
    const ended: number[] = [];
    await expect(
      mapInPool([1, 2, 3], 3, async (i) => {
        await Promise.resolve();
        if (i === 2) throw new Error('shard 2');
        ended.push(i);
        return i;
      }),
    ).rejects.toThrow('shard 2');
    expect(ended).toEqual([1, 3]);
  });

  it('starts no new call after a failure', async () => {
    const started: number[] = [];
    await expect(
      mapInPool([1, 2, 3, 4, 5], 2, async (i) => {
        started.push(i);
        await Promise.resolve();
        if (i === 1) throw new Error('shard 1');
        return i;
      }),
    ).rejects.toThrow('shard 1');
    expect(started).toEqual([1, 2]);
  });
});
