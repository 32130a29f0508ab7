import { describe, expect, it } from 'vitest';
import { formatCountdown, formatDateRange, formatDeadline, formatToParCell, toParTone } from './format';

describe('formatToParCell', () => {
  it.each([
    [3, '+3'],
    [0, 'E'],
    [-5, '-5'],
    [null, '-'],
    [undefined, '-'],
  ])('%s -> %s', (value, text) => {
    expect(formatToParCell(value)).toBe(text);
  });

  it('gives a tone for colouring', () => {
    expect([toParTone(-2), toParTone(0), toParTone(4), toParTone(null)]).toEqual([
      'under',
      'even',
      'over',
      'none',
    ]);
  });
});

describe('formatDeadline', () => {
  it('shows the instant in Asia/Tokyo whatever the host zone', () => {
    expect(formatDeadline('2025-11-20T22:30:00Z')).toBe('11/21(金) 7:30 締切');
    expect(formatDeadline('2026-11-27T22:00:00.000Z')).toBe('11/28(土) 7:00 締切');
  });
});

describe('formatDateRange', () => {
  it('joins two days and shows one day once', () => {
    expect(formatDateRange('11月19日(木)', '11月22日(日)')).toBe('11月19日(木)〜11月22日(日)');
    expect(formatDateRange('11月19日(木)', '11月19日(木)')).toBe('11月19日(木)');
  });
});

describe('formatCountdown', () => {
  const second = 1000;
  const minute = 60 * second;
  const hour = 60 * minute;
  const day = 24 * hour;

  it.each([
    [3 * day + 4 * hour + 59 * minute, '3日 4時間'],
    [day, '1日 0時間'],
    [5 * hour + 12 * minute + 30 * second, '5時間 12分'],
    [12 * minute + 5 * second, '12分 05秒'],
    [59 * second + 999, '59秒'],
    [0, '0秒'],
  ])('%d ms -> %s', (ms, text) => {
    expect(formatCountdown(ms)).toBe(text);
  });

  it('is null once the deadline has passed', () => {
    expect(formatCountdown(-1)).toBeNull();
    expect(formatCountdown(Number.NaN)).toBeNull();
  });
});
