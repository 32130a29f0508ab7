import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { inProcessJobs, runJobsInProcess } from './in-process-jobs';
import { inProcessRankingJobsSettled, startRankingJob } from './start-ranking-job';

/** Each run of the stand-in job ends when the test says so, or fails. */
const runs: Array<{ end: () => void; fail: (error: Error) => void }> = [];

/** Lets every promise settled so far run its callbacks (no wait on the clock). */
const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('the ranking job in the local stack', () => {
  const handedOver = inProcessJobs();
  beforeAll(() =>
    runJobsInProcess({
      ...handedOver,
      rankingJob: () => new Promise<void>((resolve, reject) => runs.push({ end: resolve, fail: reject })),
    }),
  );
  afterAll(() => runJobsInProcess(handedOver));
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
    await flush();
    expect(settled).toBe(false);
    runs[1]!.fail(new Error('DynamoDB Local went away'));
    await waiting;
    expect(settled).toBe(true);
  });

  it('is settled at once when nothing runs', async () => {
    await expect(inProcessRankingJobsSettled()).resolves.toBeUndefined();
  });
});
