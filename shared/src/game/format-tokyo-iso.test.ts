import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatTokyoIso } from './format';

describe('formatTokyoIso', () => {
  it('writes the Tokyo wall clock with +09:00', () => {
    expect(formatTokyoIso('2026-11-20T22:30:00Z')).toBe('2026-11-21T07:30:00+09:00');
    expect(formatTokyoIso('2026-12-31T15:00:00.999Z')).toBe('2027-01-01T00:00:00+09:00');
  });

  it('names the same instant it was given', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        (d) => {
          const whole = new Date(Math.floor(d.getTime() / 1000) * 1000);
          expect(Date.parse(formatTokyoIso(whole))).toBe(whole.getTime());
        },
      ),
    );
  });

  it('refuses what is not an instant', () => {
    expect(() => formatTokyoIso('not a date')).toThrow(RangeError);
  });
});
