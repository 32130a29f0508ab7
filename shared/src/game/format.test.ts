import { afterEach, describe, expect, it } from 'vitest';
import {
  formatTokyoIso,
  formatAmateurValue,
  formatBattingAverage,
  formatPercent,
  formatPlusSign,
  formatPublicLabel,
  formatThousands,
  formatToPar,
  formatTokyoDateTime,
  formatYen,
  tokyoCalendarDate,
} from './format';

const originalTz = process.env.TZ;
afterEach(() => {
  process.env.TZ = originalTz;
});

describe('formatToPar', () => {
  it('shows a sign, and E for even', () => {
    expect(formatToPar(3)).toBe('+3');
    expect(formatToPar(0)).toBe('E');
    expect(formatToPar(-0)).toBe('E');
    expect(formatToPar(-5)).toBe('-5');
  });
  it('rejects non-finite values', () => {
    expect(() => formatToPar(Number.NaN)).toThrow(RangeError);
  });
});

describe('formatPlusSign', () => {
  it('adds + to positive values only', () => {
    expect(formatPlusSign(12)).toBe('+12');
    expect(formatPlusSign(0)).toBe('0');
    expect(formatPlusSign(-2)).toBe('-2');
  });
});

describe('formatBattingAverage', () => {
  it('three decimals without a leading zero', () => {
    expect(formatBattingAverage(1 / 3)).toBe('.333');
    expect(formatBattingAverage(2 / 3)).toBe('.667');
    expect(formatBattingAverage(0)).toBe('.000');
    expect(formatBattingAverage(1)).toBe('1.000');
    expect(formatBattingAverage(0.05)).toBe('.050');
  });
  it('rounds half up despite binary noise', () => {
    expect(formatBattingAverage(0.3335)).toBe('.334');
    expect(formatBattingAverage(0.0005)).toBe('.001');
    expect(formatBattingAverage(0.9995)).toBe('1.000');
  });
  it('rejects shares outside [0, 1]', () => {
    expect(() => formatBattingAverage(1.2)).toThrow(RangeError);
    expect(() => formatBattingAverage(-0.1)).toThrow(RangeError);
  });
});

describe('formatPercent', () => {
  it('one decimal', () => {
    expect(formatPercent(2 / 3)).toBe('66.7%');
    expect(formatPercent(1)).toBe('100.0%');
    expect(formatPercent(0)).toBe('0.0%');
  });
});

describe('formatThousands', () => {
  it('K from 1,000, truncated to one decimal', () => {
    expect(formatThousands(999)).toBe('999');
    expect(formatThousands(1000)).toBe('1K');
    expect(formatThousands(12_345)).toBe('12.3K');
    expect(formatThousands(12_399)).toBe('12.3K');
    expect(formatThousands(12_000)).toBe('12K');
    expect(formatThousands(-1500)).toBe('-1.5K');
    expect(formatThousands(0)).toBe('0');
  });
});

describe('formatYen', () => {
  it('groups thousands and appends 円', () => {
    expect(formatYen(1000)).toBe('1,000円');
    expect(formatYen(0)).toBe('0円');
    expect(formatYen(999)).toBe('999円');
    expect(formatYen(1_234_567)).toBe('1,234,567円');
  });
  it('whole yen only', () => {
    expect(() => formatYen(1.5)).toThrow(RangeError);
  });
});

describe('formatAmateurValue', () => {
  it("shows the amateur value 1000 as '-'", () => {
    expect(formatAmateurValue(1000)).toBe('-');
    expect(formatAmateurValue(null)).toBe('-');
    expect(formatAmateurValue(12)).toBe('12');
    expect(formatAmateurValue(1_500_000, formatYen)).toBe('1,500,000円');
  });
});

describe('formatPublicLabel', () => {
  it('公開 / 非公開', () => {
    expect(formatPublicLabel(true)).toBe('公開');
    expect(formatPublicLabel(false)).toBe('非公開');
  });
});

describe('Asia/Tokyo display', () => {
  it('shows a UTC instant in Tokyo time', () => {
    expect(formatTokyoDateTime('2025-11-20T22:30:00Z')).toBe('11/21(金) 7:30');
    expect(formatTokyoDateTime('2025-11-20T15:05:00Z')).toBe('11/21(金) 0:05');
    expect(formatTokyoDateTime('2025-11-21T07:30:00+09:00')).toBe('11/21(金) 7:30');
    expect(formatTokyoDateTime(new Date(Date.UTC(2025, 0, 1, 14, 59)))).toBe('1/1(水) 23:59');
  });
  it('is the same in any server time zone', () => {
    for (const tz of ['UTC', 'America/Los_Angeles', 'Pacific/Kiritimati', 'Asia/Tokyo']) {
      process.env.TZ = tz;
      expect(formatTokyoDateTime('2025-11-20T22:30:00Z')).toBe('11/21(金) 7:30');
      expect(tokyoCalendarDate('2025-11-20T15:00:00Z')).toBe('2025-11-21');
      expect(tokyoCalendarDate('2025-11-20T14:59:59Z')).toBe('2025-11-20');
    }
  });
  it('rejects instants without an offset (they would depend on the host zone)', () => {
    expect(() => formatTokyoDateTime('2025-11-21T07:30:00')).toThrow(RangeError);
  });
});

describe('formatTokyoIso', () => {
  it('writes an instant in Asia/Tokyo with its offset, whatever the host time zone', () => {
    expect(formatTokyoIso('2025-11-20T22:30:05Z')).toBe('2025-11-21T07:30:05+09:00');
    expect(formatTokyoIso(new Date('2026-12-31T15:00:00.000Z'))).toBe('2027-01-01T00:00:00+09:00');
    expect(Date.parse(formatTokyoIso('2026-03-01T00:00:00Z'))).toBe(Date.parse('2026-03-01T00:00:00Z'));
  });
});
