/**
 * The request and response headers of a team save beyond the usual ones (docs/api.md, "Busy
 * table"; docs/adr/0018-judged-by-first-arrival.md). CloudFront's origin request policy forwards
 * the request headers to the API (infra/lib/stacks/web-stack.ts), the SPA's team saves send them
 * (frontend/src/lib/team-save-retry.ts) and the save handlers read them.
 */

/** Sent with every team save: the same value on each retry of one save, so it is applied once. */
export const idempotencyKeyHeader = 'Idempotency-Key';
/** What an Idempotency-Key may be: a random id (the SPA sends a UUID). */
export const idempotencyKeyPattern = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * In a 503 to a team save refused for capacity: the server's signed note of when the save first
 * arrived. Sent back with the retries of that save, it has the deadline judged at that instant.
 */
export const arrivalReceiptHeader = 'Arrival-Receipt';

/** How long after the first arrival a receipt is honoured. */
export const ARRIVAL_RECEIPT_WINDOW_MS = 30_000;
