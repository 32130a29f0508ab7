import { afterEach, describe, expect, it } from 'vitest';
import { resetConfig } from '../../lib/config';
import { handedOverJobs, runJobsInProcess, type InProcessJobs } from '../job-runs/in-process-jobs';
import { startReminderSenders } from './start-reminder-senders';

const handedOver = handedOverJobs();
afterEach(() => runJobsInProcess(handedOver));

/** Stand-in entries whose senders report their slot and instant; the ranking job is never run. */
function standIns(slots: Array<{ slot: number; at?: string }>): InProcessJobs {
  return {
    rankingJob: () => Promise.reject(new Error('not started here')),
    reminderSender: async (event) => {
      slots.push(event);
      return event.slot === 1 ? { skipped: true } : { sent: { email: 2, line: 1 }, failed: 0, line_calls: 1 };
    },
  };
}

describe('starting the reminder senders without a senders’ function', () => {
  it('runs each slot’s sender in this process where the entries were handed over, and answers those that ran', async () => {
    resetConfig();
    const started: Array<{ slot: number; at?: string }> = [];
    runJobsInProcess(standIns(started));
    const at = new Date('2026-07-01T00:00:00Z');
    const runs = await startReminderSenders(3, at);
    expect(started).toEqual([0, 1, 2].map((slot) => ({ slot, at: at.toISOString() })));
    expect(runs).toHaveLength(2);
  });

  it('leaves the batches in the queue in a function that was handed no entry, at stage local too (LocalStack)', async () => {
    expect(process.env['STAGE']).toBe('local');
    resetConfig();
    runJobsInProcess(undefined);
    await expect(startReminderSenders(3)).resolves.toEqual([]);
  });
});
