import { beforeEach, describe, expect, it, vi } from 'vitest';
import { inProcessRankingJobsSettled, startRankingJob } from './ranking-job';

/** Each run of the stand-in job ends when the test says so, or fails. */
const runs = vi.hoisted(() => [] as Array<{ end: () => void; fail: (error: Error) => void }>);
vi.mock('../jobs/ranking', () => ({
  handler: () => new Promise<void>((resolve, reject) => runs.push({ end: resolve, fail: reject })),
}));

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('the ranking job in the local stack', () => {
  beforeEach(() => {
    runs.length = 0;
  });

  it('answers at once, and is settled only when every run started in this process has ended', async () => {
    await startRankingJob();
    await vi.waitFor(() => expect(runs).toHaveLength(1));
    let settled = false;
    const waiting = inProcessRankingJobsSettled().then(() => (settled = true));

    // A run started while the stack waits is waited for too.
    await startRankingJob();
    await vi.waitFor(() => expect(runs).toHaveLength(2));
    runs[0]!.end();
    await tick();
    expect(settled).toBe(false);
    runs[1]!.fail(new Error('DynamoDB Local went away'));
    await waiting;
    expect(settled).toBe(true);
  });

  it('is settled at once when nothing runs', async () => {
    await expect(inProcessRankingJobsSettled()).resolves.toBeUndefined();
  });
});
