/**
 * Instants (points in time) travel as ISO 8601 strings with an explicit offset: `2025-11-20T22:30:00Z`
 * or `2025-11-21T07:30:00+09:00`. A string without `Z` or an offset would be read in the host's local
 * time zone by `Date.parse`, so the answer would depend on where the code runs: such strings are rejected.
 */
const instantPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/i;

/** Milliseconds since the epoch of an ISO instant with an explicit offset; throws RangeError otherwise. */
export function parseInstant(iso: string): number {
  if (!instantPattern.test(iso)) throw new RangeError(`not an ISO instant with an offset: ${iso}`);
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new RangeError(`not a valid instant: ${iso}`);
  return ms;
}

/** Accepts an ISO instant string or a Date; returns epoch milliseconds. */
export function toEpochMs(instant: string | Date): number {
  if (typeof instant === 'string') return parseInstant(instant);
  const ms = instant.getTime();
  if (Number.isNaN(ms)) throw new RangeError('invalid Date');
  return ms;
}
