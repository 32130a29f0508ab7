import { afterEach, describe, expect, it } from 'vitest';
import { canSeeOtherTeams, isBeforeDeadline, msUntilDeadline } from './lock';

const originalTz = process.env.TZ;
afterEach(() => {
  process.env.TZ = originalTz;
});

describe('lock instant', () => {
  const deadline = '2025-11-20T22:30:00Z'; // 11/21(金) 7:30 in Tokyo

  it('accepts a save strictly before the deadline, never at or after it', () => {
    expect(isBeforeDeadline('2025-11-20T22:29:59.999Z', deadline)).toBe(true);
    expect(isBeforeDeadline('2025-11-20T22:30:00Z', deadline)).toBe(false);
    expect(isBeforeDeadline('2025-11-20T22:30:00.001Z', deadline)).toBe(false);
  });

  it('compares instants, whatever offset they are written in', () => {
    expect(isBeforeDeadline('2025-11-21T07:29:59+09:00', deadline)).toBe(true);
    expect(isBeforeDeadline('2025-11-21T07:30:00+09:00', deadline)).toBe(false);
  });

  it('gives the same answer in any server time zone', () => {
    for (const tz of ['UTC', 'Asia/Tokyo', 'America/New_York', 'Pacific/Honolulu']) {
      process.env.TZ = tz;
      expect(isBeforeDeadline('2025-11-20T22:29:59Z', deadline)).toBe(true);
      expect(isBeforeDeadline('2025-11-20T22:30:00Z', deadline)).toBe(false);
    }
  });

  it('rejects local-time strings that would depend on the host zone', () => {
    expect(() => isBeforeDeadline('2025-11-21T07:00:00', deadline)).toThrow(RangeError);
    expect(() => isBeforeDeadline('2025-11-21', deadline)).toThrow(RangeError);
  });

  it('keeps other teams hidden until the deadline', () => {
    expect(canSeeOtherTeams('2025-11-20T22:29:59Z', deadline)).toBe(false);
    expect(canSeeOtherTeams('2025-11-20T22:30:00Z', deadline)).toBe(true);
    expect(msUntilDeadline('2025-11-20T22:29:00Z', deadline)).toBe(60_000);
    expect(msUntilDeadline('2025-11-21T00:00:00Z', deadline)).toBe(0);
  });
});
