import { describe, expect, it } from 'vitest';
import {
  addIsoWeeks,
  GAME_START_WEEK,
  formatIsoWeek,
  isGameWeek,
  isoWeekMonday,
  isoWeekOfDate,
  isoWeekOfInstant,
  isoWeeksBetween,
  parseIsoWeek,
  weeksInIsoYear,
} from './iso-week';

describe('ISO weeks', () => {
  it('formats YYYY-Www', () => {
    expect(formatIsoWeek(2021, 12)).toBe('2021-W12');
    expect(formatIsoWeek(2026, 1)).toBe('2026-W01');
    expect(() => formatIsoWeek(2021, 53)).toThrow(RangeError);
    expect(formatIsoWeek(2020, 53)).toBe('2020-W53');
  });
  it('knows 52- and 53-week years', () => {
    expect(weeksInIsoYear(2020)).toBe(53);
    expect(weeksInIsoYear(2021)).toBe(52);
    expect(weeksInIsoYear(2026)).toBe(53);
  });
  it('parses and validates', () => {
    expect(parseIsoWeek('2021-W12')).toEqual({ year: 2021, week: 12 });
    expect(parseIsoWeek('2021-W53')).toBeNull();
    expect(parseIsoWeek('2021-W00')).toBeNull();
    expect(parseIsoWeek('2021W12')).toBeNull();
  });
  it('finds the week of a date, across year ends', () => {
    expect(isoWeekOfDate('2021-03-22')).toBe('2021-W12');
    expect(isoWeekOfDate('2021-01-03')).toBe('2020-W53');
    expect(isoWeekOfDate('2024-12-30')).toBe('2025-W01');
    expect(isoWeekMonday('2021-W12')).toBe('2021-03-22');
    expect(isoWeekMonday('2025-W01')).toBe('2024-12-30');
  });
  it('uses the Asia/Tokyo date of an instant', () => {
    // Sunday 23:30 UTC is Monday 08:30 in Tokyo.
    expect(isoWeekOfInstant('2021-03-21T23:30:00Z')).toBe('2021-W12');
    expect(isoWeekOfInstant('2021-03-21T14:00:00Z')).toBe('2021-W11');
  });
  it('steps and lists weeks from the game start', () => {
    expect(GAME_START_WEEK).toBe('2021-W12');
    expect(addIsoWeeks('2020-W52', 1)).toBe('2020-W53');
    expect(addIsoWeeks('2020-W53', 1)).toBe('2021-W01');
    expect(addIsoWeeks('2021-W01', -1)).toBe('2020-W53');
    expect(isoWeeksBetween('2021-W51', '2022-W02')).toEqual(['2021-W51', '2021-W52', '2022-W01', '2022-W02']);
    expect(isGameWeek('2021-W11')).toBe(false);
    expect(isGameWeek('2021-W12')).toBe(true);
    expect(isGameWeek('2026-W53')).toBe(true);
  });
});
