/**
 * ISO 8601 weeks in the 'YYYY-Www' format (product spec section 9): weeks start on Monday, week 1
 * is the week holding the year's first Thursday, and a year has 52 or 53 weeks. The game's first
 * week is 2021-W12. Calendar arithmetic is done on UTC dates, which carry no time zone.
 */
import { tokyoCalendarDate } from './format';

export interface IsoWeek {
  year: number;
  week: number;
}

export const GAME_START_WEEK = '2021-W12';

const weekPattern = /^(\d{4})-W(\d{2})$/;
const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** ISO weekday of a UTC date: 1 = Monday ... 7 = Sunday. */
function isoWeekday(utcMs: number): number {
  return new Date(utcMs).getUTCDay() || 7;
}

/** 52 or 53: a year has 53 ISO weeks when its 28 December falls in week 53. */
export function weeksInIsoYear(year: number): 52 | 53 {
  const dec28 = Date.UTC(year, 11, 28);
  return isoWeekOfUtc(dec28).week === 53 ? 53 : 52;
}

function isoWeekOfUtc(utcMs: number): IsoWeek {
  // The Thursday of the same ISO week decides the ISO year.
  const thursday = utcMs + (4 - isoWeekday(utcMs)) * DAY_MS;
  const year = new Date(thursday).getUTCFullYear();
  const week = Math.floor((thursday - Date.UTC(year, 0, 1)) / (7 * DAY_MS)) + 1;
  return { year, week };
}

/** 'YYYY-Www' for a valid week; throws RangeError on a week the year does not have. */
export function formatIsoWeek(year: number, week: number): string {
  if (!Number.isInteger(year) || year < 1 || year > 9999) throw new RangeError(`bad ISO year ${year}`);
  if (!Number.isInteger(week) || week < 1 || week > weeksInIsoYear(year)) {
    throw new RangeError(`bad ISO week ${year}-W${week}`);
  }
  return `${String(year).padStart(4, '0')}-W${String(week).padStart(2, '0')}`;
}

/** Parses 'YYYY-Www'; null when malformed or when the year has no such week (W53 in a 52-week year). */
export function parseIsoWeek(text: string): IsoWeek | null {
  const m = weekPattern.exec(text);
  if (!m) return null;
  const year = Number(m[1]);
  const week = Number(m[2]);
  if (year < 1 || week < 1 || week > weeksInIsoYear(year)) return null;
  return { year, week };
}

/** The ISO week of a calendar date 'YYYY-MM-DD'. */
export function isoWeekOfDate(isoDate: string): string {
  const m = datePattern.exec(isoDate);
  if (!m) throw new RangeError(`not a date: ${isoDate}`);
  const utc = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const { year, week } = isoWeekOfUtc(utc);
  return formatIsoWeek(year, week);
}

/** The ISO week of an instant's Asia/Tokyo date. */
export function isoWeekOfInstant(instant: string | Date): string {
  return isoWeekOfDate(tokyoCalendarDate(instant));
}

/** The Monday of an ISO week as 'YYYY-MM-DD'. */
export function isoWeekMonday(week: string): string {
  const parsed = parseIsoWeek(week);
  if (!parsed) throw new RangeError(`not an ISO week: ${week}`);
  const jan4 = Date.UTC(parsed.year, 0, 4);
  const week1Monday = jan4 - (isoWeekday(jan4) - 1) * DAY_MS;
  return new Date(week1Monday + (parsed.week - 1) * 7 * DAY_MS).toISOString().slice(0, 10);
}

/** The week `count` weeks after (or before, when negative) `week`. */
export function addIsoWeeks(week: string, count: number): string {
  if (!Number.isInteger(count)) throw new RangeError(`count must be an integer, got ${count}`);
  const monday = Date.parse(`${isoWeekMonday(week)}T00:00:00Z`);
  const { year, week: w } = isoWeekOfUtc(monday + count * 7 * DAY_MS);
  return formatIsoWeek(year, w);
}

/** Orders two valid week strings (the fixed-width format sorts as text). */
function compareIsoWeeks(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A valid week no earlier than the game's first week (2021-W12). */
export function isGameWeek(week: string): boolean {
  return parseIsoWeek(week) !== null && compareIsoWeeks(week, GAME_START_WEEK) >= 0;
}

/** Every week from `from` to `to`, both included (empty when `to` is before `from`). */
export function isoWeeksBetween(from: string, to: string): string[] {
  if (!parseIsoWeek(from) || !parseIsoWeek(to)) throw new RangeError(`not ISO weeks: ${from}, ${to}`);
  const weeks: string[] = [];
  for (let w = from; compareIsoWeeks(w, to) <= 0; w = addIsoWeeks(w, 1)) weeks.push(w);
  return weeks;
}
