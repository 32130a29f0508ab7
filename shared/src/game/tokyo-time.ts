/** Asia/Tokyo is UTC+9 all year (no daylight saving), so its offset is a constant. */
const tokyoOffsetMs = 9 * 60 * 60 * 1000;

/** An instant as Asia/Tokyo ISO 8601 with its offset: '2026-11-20T22:30:00Z' -> '2026-11-21T07:30:00+09:00'. */
export function tokyoIsoString(instant: string | Date): string {
  const ms = new Date(instant).getTime();
  if (Number.isNaN(ms)) throw new RangeError(`not an instant: ${String(instant)}`);
  return `${new Date(ms + tokyoOffsetMs).toISOString().slice(0, 19)}+09:00`;
}
