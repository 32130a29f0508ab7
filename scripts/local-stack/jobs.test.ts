import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scheduledJobs, type ScheduledJobDefinition } from '../../functions/src/jobs/schedule';
import { setClockOffset } from '../../functions/src/lib/clock';
import { startLocalJobs } from './jobs';

const minute = 60_000;
const names = scheduledJobs.map((job) => job.name);

describe('the local stack runs the jobs on the AWS schedule', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-23T00:00:00.000Z'));
  });
  afterEach(() => {
    setClockOffset(0);
    vi.useRealTimers();
  });

  const start = (deadlines: string[], run = vi.fn(async (_job: ScheduledJobDefinition) => undefined)) => {
    const jobs = startLocalJobs({
      run,
      nextDeadline: async (now) => deadlines.find((d) => Date.parse(d) > now.getTime()) ?? null,
    });
    const runs = () => run.mock.calls.map(([job]) => job.name);
    return { jobs, run, runs };
  };

  it('runs every job at start and then at its own rate, as the EventBridge rules do', async () => {
    const { jobs, runs } = start([]);
    await vi.advanceTimersByTimeAsync(0);
    expect(runs()).toEqual(names);
    await vi.advanceTimersByTimeAsync(5 * minute);
    for (const job of scheduledJobs)
      expect(runs().filter((name) => name === job.name)).toHaveLength(1 + 5 / job.everyMinutes);
    expect(Object.fromEntries(scheduledJobs.map((job) => [job.name, job.everyMinutes]))).toEqual({
      RankingRecompute: 5,
      CarryOver: 5,
      Reminders: 5,
      SaveReceipts: 1,
    });
    expect(scheduledJobs.filter((job) => job.atDeadlines).map((job) => job.name)).toEqual(['CarryOver']);
    jobs.stop();
  });

  it('settles teams a second after each round deadline, not only on the 5-minute beat', async () => {
    const { jobs, runs } = start(['2026-11-23T00:01:30.000Z', '2026-11-23T00:03:00.000Z']);
    const carryOvers = () => runs().filter((name) => name === 'CarryOver');
    await vi.advanceTimersByTimeAsync(0);
    expect(carryOvers()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(90_000);
    expect(carryOvers()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(carryOvers()).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(90_000);
    expect(carryOvers()).toHaveLength(3);
    jobs.stop();
  });

  it('runs at every deadline of every tournament, also one that passes while a run is still going', async () => {
    // Two tournaments' deadlines a second and a half apart, and one just after the 5-minute beat;
    // a carry-over run takes two seconds.
    const run = vi.fn(
      (job: ScheduledJobDefinition) =>
        new Promise<undefined>((resolve) =>
          setTimeout(() => resolve(undefined), job.name === 'CarryOver' ? 2_000 : 0),
        ),
    );
    const deadlines = ['2026-11-23T00:01:30.000Z', '2026-11-23T00:01:31.500Z', '2026-11-23T00:05:00.500Z'];
    const { jobs, runs } = start(deadlines, run);
    const carryOvers = () => runs().filter((name) => name === 'CarryOver');
    // At start, and a second after the first deadline: that run goes on past the second deadline.
    await vi.advanceTimersByTimeAsync(91_000);
    expect(carryOvers()).toHaveLength(2);
    // The second deadline's run follows it at once.
    await vi.advanceTimersByTimeAsync(2_100);
    expect(carryOvers()).toHaveLength(3);
    // The beat's run is still going a second after the third deadline: the deadline's run follows it.
    await vi.advanceTimersByTimeAsync(5 * minute - 93_100 + 1_000);
    expect(carryOvers()).toHaveLength(4);
    await vi.advanceTimersByTimeAsync(1_100);
    expect(carryOvers()).toHaveLength(5);
    jobs.stop();
  });

  it('never starts a job again while it is still running, and stops for good', async () => {
    let finish: () => void = () => undefined;
    const run = vi.fn(
      (job: ScheduledJobDefinition) =>
        new Promise<undefined>((resolve) => {
          if (job.name === 'CarryOver') finish = () => resolve(undefined);
          else resolve(undefined);
        }),
    );
    const { jobs, runs } = start([], run);
    await vi.advanceTimersByTimeAsync(15 * minute);
    expect(runs().filter((name) => name === 'CarryOver')).toHaveLength(1);
    expect(runs().filter((name) => name === 'RankingRecompute')).toHaveLength(4);
    finish();
    jobs.stop();
    const total = runs().length;
    await vi.advanceTimersByTimeAsync(15 * minute);
    expect(runs()).toHaveLength(total);
  });

  it('when the game clock moves, runs at once the jobs whose time it passed: a rate run out, a deadline crossed', async () => {
    const { jobs, runs } = start(['2026-11-23T00:02:00.000Z']);
    await vi.advanceTimersByTimeAsync(0);
    const before = runs().length;
    setClockOffset(30_000);
    expect(await jobs.catchUp()).toEqual([]);
    setClockOffset(3 * minute);
    expect(await jobs.catchUp()).toEqual(['CarryOver', 'SaveReceipts']);
    setClockOffset(3 * 3600_000);
    expect(await jobs.catchUp()).toEqual(['CarryOver', 'RankingRecompute', 'Reminders', 'SaveReceipts']);
    expect(runs().slice(before)).toEqual([
      'CarryOver',
      'SaveReceipts',
      'CarryOver',
      'RankingRecompute',
      'Reminders',
      'SaveReceipts',
    ]);
    jobs.stop();
  });
});
