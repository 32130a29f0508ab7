/**
 * The server's clock as the SPA estimates it. Countdowns and what is open "now" follow the game's
 * time, not the phone's, which may be set wrong. Every answer that no cache kept (`no-store`: neither
 * CloudFront nor the browser stores it) carries the server's `Date`; an answer kept by a cache carries
 * the time it was first made, so it tells nothing. Each such answer bounds the offset between the two
 * clocks: the server read its clock between the request's sending and the answer's arrival, and `Date`
 * drops the milliseconds. The bounds of successive answers are intersected, so the estimate narrows;
 * an answer outside them (the server's clock was moved, or the phone's) starts them afresh.
 */
let bounds: { low: number; high: number } | null = null;
const listeners = new Set<() => void>();

const offset = () => (bounds ? Math.round((bounds.low + bounds.high) / 2) : 0);

/** Notes the server's clock from an answer's headers; `sentAt` and `receivedAt` by the phone's clock. */
export function noteServerDate(headers: Headers, sentAt: number, receivedAt: number): void {
  if (!/\bno-store\b/i.test(headers.get('cache-control') ?? '')) return;
  const date = Date.parse(headers.get('date') ?? '');
  if (Number.isNaN(date)) return;
  const low = date - receivedAt;
  const high = date + 1000 - sentAt;
  const before = offset();
  bounds =
    bounds && low <= bounds.high && high >= bounds.low
      ? { low: Math.max(low, bounds.low), high: Math.min(high, bounds.high) }
      : { low, high };
  // A countdown shows whole seconds: a smaller shift waits for its next tick.
  if (Math.abs(offset() - before) >= 1000) for (const listener of listeners) listener();
}

/** Whether an answer has set the clock yet. */
export const serverClockKnown = (): boolean => bounds !== null;

/** An instant of the phone's clock (`Date.now()`, a query's `dataUpdatedAt`) on the server's. */
export const onServerClock = (deviceMs: number): number => deviceMs + offset();

/** The server's time now, as well as it is known (the phone's until an answer has told it). */
export const serverNow = (): number => onServerClock(Date.now());

/** Calls `listener` when the estimate moves by a second or more; answers the unsubscribe. */
export function onServerClockChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
