import { describe, expect, it } from 'vitest';
import { reminderHourChoices } from '@golf/shared/game/reminders';
import { saveShard, keys } from '../../db/keys';
import { reminderBatchSize, reminderStarts, sendingSeconds, START_MARGIN_SECONDS } from './reminder-schedule';

const deadline = Date.parse('2026-10-16T06:50:00+09:00');
const hourMs = 3600_000;

describe('when reminder times start', () => {
  it('the 2-hour time of a million e-mail subscribers at 500 a second starts their sending time and the margin before it', () => {
    const starts = reminderStarts(deadline, { 2: 1_000_000 }, 500);
    expect(sendingSeconds(1_000_000, 500)).toBe(2200);
    expect(starts.get(2)).toBe(deadline - 2 * hourMs - (2200 + START_MARGIN_SECONDS) * 1000);
  });

  it('a lower rate moves the start earlier, so the last mail still leaves by the promised time', () => {
    const fast = reminderStarts(deadline, { 2: 200_000 }, 500).get(2)!;
    const slow = reminderStarts(deadline, { 2: 200_000 }, 100).get(2)!;
    expect(slow).toBeLessThan(fast);
    expect(slow + (sendingSeconds(200_000, 100) + START_MARGIN_SECONDS) * 1000).toBe(deadline - 2 * hourMs);
  });

  it('each reminder time ends before the next one starts, and every one by its promise', () => {
    const counts = { 48: 300_000, 24: 600_000, 6: 200_000, 2: 900_000, 1: 400_000 } as const;
    const starts = reminderStarts(deadline, counts, 100);
    const ascending = [...reminderHourChoices].sort((a, b) => a - b);
    for (const [i, hours] of ascending.entries()) {
      const end = starts.get(hours)! + (sendingSeconds(counts[hours], 100) + START_MARGIN_SECONDS) * 1000;
      expect(end, `${hours}`).toBeLessThanOrEqual(deadline - hours * hourMs);
      const later = ascending[i - 1];
      if (later !== undefined) expect(end, `${hours}`).toBeLessThanOrEqual(starts.get(later)!);
    }
  });

  it('gives each batch about a minute of one sender', () => {
    expect(reminderBatchSize(500, 4)).toBe(500);
    expect(reminderBatchSize(14, 1)).toBe(500);
    expect(reminderBatchSize(1, 1)).toBe(60);
  });
});

describe('the sent markers', () => {
  it('spread over 64 shards by a stable hash of the player', () => {
    expect(saveShard('sample-user-0001')).toBe(saveShard('sample-user-0001'));
    const shards = new Set(Array.from({ length: 2000 }, (_, i) => saveShard(`user-${i}`)));
    expect(shards.size).toBe(64);
    expect(keys.reminderSent('g1', 2, 'user-7', 2, 'email').PK).toBe(
      `REMINDER_SENT#g1#R2#S${saveShard('user-7')}`,
    );
  });
});
