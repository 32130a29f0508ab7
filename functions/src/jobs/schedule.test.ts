import { describe, expect, it } from 'vitest';
import { packingWorkersFor, reminderSendersFor } from './schedule';

describe('packingWorkersFor', () => {
  it('packs with one worker per vCPU the memory gives beyond the job’s own thread (1,769 MB a vCPU)', () => {
    expect(packingWorkersFor(1024)).toBe(0);
    expect(packingWorkersFor(1769)).toBe(0);
    // A new account's limit: 1.7 vCPUs on 2 cores.
    expect(packingWorkersFor(3008)).toBe(1);
    expect(packingWorkersFor(5307)).toBe(2);
    expect(packingWorkersFor(10_240)).toBe(5);
  });
});

describe('reminderSendersFor', () => {
  it('shares the rate among senders, at most 125 mails a second each, from 1 to 8', () => {
    expect(reminderSendersFor(14)).toBe(1);
    expect(reminderSendersFor(500)).toBe(4);
    expect(reminderSendersFor(100_000)).toBe(8);
  });
});
