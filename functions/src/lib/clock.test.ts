import { afterEach, describe, expect, it } from 'vitest';
import { clockOffset, now, nowMs, parseClockInstant, setClockOffset, setClockTo } from './clock';

describe('the game clock', () => {
  afterEach(() => setClockOffset(0));

  it('reads the host time until set, then runs on from the instant it was set to', () => {
    expect(Math.abs(nowMs() - Date.now())).toBeLessThan(1000);
    setClockTo(new Date('2026-07-01T06:00:00+09:00'));
    const read = now().getTime();
    expect(read - Date.parse('2026-06-30T21:00:00Z')).toBeGreaterThanOrEqual(0);
    expect(read - Date.parse('2026-06-30T21:00:00Z')).toBeLessThan(1000);
    expect(process.env['GAME_CLOCK_OFFSET_MS']).toBe(String(clockOffset()));
  });

  it('reads command-line instants, Tokyo time when no zone is given', () => {
    expect(parseClockInstant('2026-07-01T06:00+09:00').toISOString()).toBe('2026-06-30T21:00:00.000Z');
    expect(parseClockInstant('2026-07-01T06:00').toISOString()).toBe('2026-06-30T21:00:00.000Z');
    expect(parseClockInstant('2026-07-01').toISOString()).toBe('2026-06-30T15:00:00.000Z');
    expect(parseClockInstant('2026-06-30T21:00Z').toISOString()).toBe('2026-06-30T21:00:00.000Z');
    expect(() => parseClockInstant('tomorrow')).toThrow(/Not an instant/);
    expect(() => parseClockInstant('2026-13-45T99:00')).toThrow(/Not an instant/);
  });

  it('is never set outside the local stage', () => {
    const stage = process.env['STAGE'];
    process.env['STAGE'] = 'prod';
    try {
      expect(() => setClockOffset(60_000)).toThrow(/local stage/);
    } finally {
      process.env['STAGE'] = stage;
    }
  });
});
