import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RankingJobResult } from '../../functions/src/domain/ranking/job/publish-job';
import { publishRankingsNow } from './ranking-route';

const idle: RankingJobResult = { ran: false, published: [], still_stale: [] };
const publishedOnce = (id: string): RankingJobResult => ({
  ran: true,
  published: [{ game_global_id: id, snapshot_id: `snap-${id}`, items_written: 1, duration_ms: 1 }],
  still_stale: [],
});

describe('publishing the rankings now (POST /dev/jobs/ranking)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs the job once the runs that API calls started have ended, and answers what it published', async () => {
    const steps: string[] = [];
    let endStarted!: () => void;
    const started = new Promise<void>((resolve) => (endStarted = resolve));
    const answer = publishRankingsNow({
      startedRunsEnded: async () => {
        await started;
        steps.push('started runs ended');
      },
      run: async () => {
        steps.push('run');
        return publishedOnce('g1');
      },
      workLeft: async () => true,
    });
    await Promise.resolve();
    expect(steps).toEqual([]);
    endStarted();
    expect(await answer).toEqual(publishedOnce('g1'));
    expect(steps).toEqual(['started runs ended', 'run']);
  });

  it('answers at once when a run found nothing to do and nothing is left', async () => {
    const run = vi.fn(async () => idle);
    expect(
      await publishRankingsNow({ startedRunsEnded: async () => {}, run, workLeft: async () => false }),
    ).toEqual(idle);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs again once a run of another process that held the lease gives it back', async () => {
    vi.useFakeTimers();
    // Two runs find the lease taken (another process's run holds it), the third takes it.
    const results = [idle, idle, publishedOnce('g2')];
    const run = vi.fn(async () => results.shift()!);
    const answer = publishRankingsNow({ startedRunsEnded: async () => {}, run, workLeft: async () => true });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await answer).toEqual(publishedOnce('g2'));
    expect(run).toHaveBeenCalledTimes(3);
  });
});
