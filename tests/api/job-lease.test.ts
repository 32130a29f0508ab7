/**
 * Scheduled jobs run one at a time by their lease (a conditional write), not by reserved
 * concurrency: a run that starts while another holds the lease does nothing, a lease left by a run
 * that died is taken over once it expires, and a finished run gives its lease back.
 */
import { describe, expect, it } from 'vitest';
import { keys } from '../../functions/src/db/keys';
import { leaseRepository } from '../../functions/src/db/repositories/lease-repository';
import { JOB_LEASE_MS, runAlone } from '../../functions/src/domain/job-runs/run-alone';

describe('job lease', () => {
  it('runs two overlapping runs of one job once, and lets other jobs run meanwhile', async () => {
    const job = `lease-test-${Date.now()}`;
    let runs = 0;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = runAlone(job, async () => {
      runs++;
      await held;
      return { done: 'first' };
    });
    // The first run holds the lease while it waits.
    await expect.poll(() => leaseRepository.get(keys.jobLease(job))).not.toBeNull();
    await expect(runAlone(job, async () => ({ done: 'second' }))).resolves.toEqual({ skipped: true });
    await expect(runAlone(`${job}-other`, async () => ({ done: 'other' }))).resolves.toEqual({
      done: 'other',
    });
    release();
    await expect(first).resolves.toEqual({ done: 'first' });
    expect(runs).toBe(1);
    expect(await leaseRepository.get(keys.jobLease(job))).toBeNull();
    // Given back: the next run runs.
    await expect(runAlone(job, async () => ({ done: 'third' }))).resolves.toEqual({ done: 'third' });
  });

  it('takes over the lease of a run that died once it has expired, not before', async () => {
    const job = `lease-dead-${Date.now()}`;
    const diedAt = new Date('2026-06-01T00:00:00.000Z');
    expect(
      await leaseRepository.acquire(keys.jobLease(job), 'job_lease', 'dead-run', diedAt, JOB_LEASE_MS),
    ).not.toBeNull();
    const before = new Date(diedAt.getTime() + JOB_LEASE_MS - 1);
    await expect(runAlone(job, async () => ({ ran: true }), before)).resolves.toEqual({ skipped: true });
    const after = new Date(diedAt.getTime() + JOB_LEASE_MS);
    await expect(runAlone(job, async () => ({ ran: true }), after)).resolves.toEqual({ ran: true });
    // The dead run's late release does not drop a lease it no longer holds.
    await leaseRepository.acquire(keys.jobLease(job), 'job_lease', 'live-run', after, JOB_LEASE_MS);
    await leaseRepository.release(keys.jobLease(job), 'dead-run');
    expect((await leaseRepository.get(keys.jobLease(job)))?.owner).toBe('live-run');
  });
});
