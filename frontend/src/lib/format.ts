import { formatToPar, formatTokyoDateTime } from '@golf/shared/game/format';

/**
 * Screen formats on top of the shared ones (`@golf/shared/game/format`: to-par, yen, Tokyo time).
 * Pure: the same text in any host time zone.
 */

/** A to-par cell: '+3', 'E', '-5', and '-' for a round not played. */
export function formatToParCell(toPar: number | null | undefined): string {
  return toPar === null || toPar === undefined ? '-' : formatToPar(toPar);
}

/** Colour class of a to-par value: under par is good news. */
export function toParTone(toPar: number | null | undefined): 'under' | 'even' | 'over' | 'none' {
  if (toPar === null || toPar === undefined) return 'none';
  if (toPar < 0) return 'under';
  return toPar === 0 ? 'even' : 'over';
}

/** '2025-11-20T22:30:00Z' -> '11/21(金) 7:30 締切' (Asia/Tokyo). */
export function formatDeadline(instant: string): string {
  return `${formatTokyoDateTime(instant)} 締切`;
}

/** '11月19日(木)', '11月22日(日)' -> '11月19日(木)〜11月22日(日)'; one day shows once. */
export function formatDateRange(start: string, end: string): string {
  return start === end ? start : `${start}〜${end}`;
}

/**
 * Time left before a deadline, coarse when far and to the second when near:
 * '3日 4時間', '5時間 12分', '12分 05秒', '0秒'. Negative means passed and gives null.
 */
export function formatCountdown(milliseconds: number): string | null {
  if (!Number.isFinite(milliseconds) || milliseconds < 0) return null;
  const totalSeconds = Math.floor(milliseconds / 1000);
  const days = Math.floor(totalSeconds / 86_400);
  const hours = Math.floor((totalSeconds % 86_400) / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  if (days > 0) return `${days}日 ${hours}時間`;
  if (hours > 0) return `${hours}時間 ${minutes}分`;
  if (minutes > 0) return `${minutes}分 ${String(seconds).padStart(2, '0')}秒`;
  return `${seconds}秒`;
}
