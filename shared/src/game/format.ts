/**
 * Display formats shared by the screens and the API (product spec section 9). Every function is pure
 * and gives the same text in any host time zone or locale.
 */
import { toEpochMs } from './instant';

function assertFinite(n: number, what: string): void {
  if (!Number.isFinite(n)) throw new RangeError(`${what} must be a finite number, got ${n}`);
}

/** Groups the digits of a non-negative integer string by thousands: '1234567' -> '1,234,567'. */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Strokes to par: 3 -> '+3', 0 -> 'E' (even), -5 -> '-5'. */
export function formatToPar(n: number): string {
  assertFinite(n, 'to-par');
  if (n === 0) return 'E';
  return n > 0 ? `+${n}` : String(n);
}

/** A signed number without the even-par 'E': 3 -> '+3', 0 -> '0', -5 -> '-5'. */
export function formatPlusSign(n: number): string {
  assertFinite(n, 'value');
  if (n === 0) return '0';
  return n > 0 ? `+${n}` : String(n);
}

/**
 * Batting style: a share in [0, 1] with three decimals and no leading zero: 1/3 -> '.333',
 * 1 -> '1.000', 0 -> '.000'. Rounded half up to the thousandth; the product is first cut to 12
 * significant digits so binary noise (0.3335 * 1000 = 333.49999...) does not flip the rounding.
 */
export function formatBattingAverage(share: number): string {
  assertFinite(share, 'share');
  if (share < 0 || share > 1) throw new RangeError(`share must be within [0, 1], got ${share}`);
  const thousandths = Math.round(Number((share * 1000).toPrecision(12)));
  const whole = Math.trunc(thousandths / 1000);
  const fraction = String(thousandths % 1000).padStart(3, '0');
  return whole === 0 ? `.${fraction}` : `${whole}.${fraction}`;
}

/** A share in [0, 1] as a percentage with one decimal: 2/3 -> '66.7%', 1 -> '100.0%'. */
export function formatPercent(share: number): string {
  assertFinite(share, 'share');
  if (share < 0 || share > 1) throw new RangeError(`share must be within [0, 1], got ${share}`);
  const tenths = Math.round(Number((share * 1000).toPrecision(12)));
  return `${Math.trunc(tenths / 10)}.${tenths % 10}%`;
}

/**
 * Counts with K for thousands: below 1,000 as is ('999'); from 1,000 in thousands with one decimal,
 * truncated toward zero so a count is never overstated ('12.3K' for 12,399), and without a '.0'
 * ('1K', '12K'). Negative values keep their sign.
 */
export function formatThousands(n: number): string {
  assertFinite(n, 'value');
  const abs = Math.abs(n);
  if (abs < 1000) return String(n === 0 ? 0 : n);
  const hundreds = Math.trunc(abs / 100);
  const whole = Math.trunc(hundreds / 10);
  const tenth = hundreds % 10;
  return `${n < 0 ? '-' : ''}${whole}${tenth === 0 ? '' : `.${tenth}`}K`;
}

/** Yen: 1000 -> '1,000円'. Integers only (prices are whole yen). */
export function formatYen(n: number): string {
  if (!Number.isSafeInteger(n)) throw new RangeError(`yen must be a safe integer, got ${n}`);
  return `${n < 0 ? '-' : ''}${groupThousands(String(Math.abs(n)))}円`;
}

/** The feed's sentinel for an amateur's world rank or prize money. */
const AMATEUR_VALUE = 1000;

/**
 * World rank / prize money cell: the amateur sentinel 1000 (and a missing value) is shown as '-';
 * anything else goes through `format` (String by default).
 */
export function formatAmateurValue(
  value: number | null | undefined,
  format: (n: number) => string = String,
): string {
  if (value === null || value === undefined || value === AMATEUR_VALUE) return '-';
  return format(value);
}

/** 公開 / 非公開 for an `is_public` flag. */
export function formatPublicLabel(isPublic: boolean): '公開' | '非公開' {
  return isPublic ? '公開' : '非公開';
}

const weekdayNames = ['日', '月', '火', '水', '木', '金', '土'] as const;

/** Parts of the Asia/Tokyo wall clock. One formatter is built once and reused (they are costly). */
const tokyoFormatter = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
});

interface TokyoWallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  /** 0 = Sunday ... 6 = Saturday. */
  weekday: number;
}

/** The Asia/Tokyo calendar and clock reading of an instant, whatever the host time zone. */
function tokyoWallClock(instant: string | Date): TokyoWallClock {
  const parts = tokyoFormatter.formatToParts(new Date(toEpochMs(instant)));
  const get = (type: Intl.DateTimeFormatPartTypes): number => {
    const part = parts.find((p) => p.type === type);
    if (!part) throw new Error(`Intl.DateTimeFormat returned no ${type}`);
    return Number(part.value);
  };
  const year = get('year');
  const month = get('month');
  const day = get('day');
  // Some engines have printed midnight as 24 with h23-like options; normalise.
  const hour = get('hour') % 24;
  const minute = get('minute');
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return { year, month, day, hour, minute, weekday };
}

/** 'YYYY-MM-DD' of the instant's Asia/Tokyo calendar date. */
export function tokyoCalendarDate(instant: string | Date): string {
  const { year, month, day } = tokyoWallClock(instant);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** An instant as Asia/Tokyo date and time: '2025-11-20T22:30:00Z' -> '11/21(金) 7:30'. */
export function formatTokyoDateTime(instant: string | Date): string {
  const c = tokyoWallClock(instant);
  return `${c.month}/${c.day}(${weekdayNames[c.weekday]}) ${c.hour}:${String(c.minute).padStart(2, '0')}`;
}

/** An instant as Asia/Tokyo date and time to the second, as a receipt shows it: '11/21(金) 7:30:05'. */
export function formatTokyoDateTimeSeconds(instant: string | Date): string {
  const seconds = new Date(toEpochMs(instant)).getUTCSeconds();
  return `${formatTokyoDateTime(instant)}:${String(seconds).padStart(2, '0')}`;
}

/**
 * An instant as ISO 8601 in Asia/Tokyo with its offset, to the second: '2025-11-20T22:30:05Z' ->
 * '2025-11-21T07:30:05+09:00'. Japan has kept +09:00 all year since 1951, so the offset is fixed.
 */
export function formatTokyoIso(instant: string | Date): string {
  const ms = toEpochMs(instant);
  return `${new Date(ms + 9 * 3600_000).toISOString().slice(0, 19)}+09:00`;
}
