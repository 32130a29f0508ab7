import type { FunctionVariable } from '@golf/shared/function-environment';

/**
 * The game's clock: the one place handlers, jobs and services learn what time it is. In AWS it is
 * the host's time. On the local stack and in the tests it can be set to another instant and moved
 * (`npm start -- --clock 2026-07-01T06:00+09:00`, POST /dev/clock, the stack's `clock`): it then
 * runs on from that instant at the wall clock's pace. The setting is an offset from the host's time,
 * so the API processes of the local stack, given the same offset, read the same instant.
 */

/** The environment variable that carries the offset to the local stack's API processes. */
const clockOffsetVariable: FunctionVariable<'localOnly'> = 'GAME_CLOCK_OFFSET_MS';

let offsetMs: number | undefined;

/** Only the local stage may run on another time: a deployed function always reads the host's. */
function initialOffset(): number {
  if (process.env['STAGE'] !== 'local') return 0;
  const value = Number(process.env[clockOffsetVariable] ?? 0);
  return Number.isFinite(value) ? value : 0;
}

/** Milliseconds since the epoch by the game's clock. */
export function nowMs(): number {
  offsetMs ??= initialOffset();
  return Date.now() + offsetMs;
}

/** The game's current instant. */
export const now = (): Date => new Date(nowMs());

/** The offset from the host's time the clock runs on (0 unless set). */
export function clockOffset(): number {
  offsetMs ??= initialOffset();
  return offsetMs;
}

/**
 * Sets the clock to run `offset` ms ahead of the host (behind when negative), for the local stack
 * and the tests; the variable is kept in step so processes started later read the same time.
 */
export function setClockOffset(offset: number): void {
  if (process.env['STAGE'] !== 'local') throw new Error('The game clock is only set on the local stage');
  if (!Number.isFinite(offset)) throw new Error(`Not a clock offset: ${offset}`);
  offsetMs = Math.round(offset);
  process.env[clockOffsetVariable] = String(offsetMs);
}

/** Sets the clock to read `instant` now. */
export const setClockTo = (instant: Date): void => setClockOffset(instant.getTime() - Date.now());

/**
 * Reads an instant given on the command line or to /dev/clock: ISO 8601 with a zone
 * (`2026-07-01T06:00+09:00`, `2026-06-30T21:00Z`); a time without a zone is Tokyo time.
 */
export function parseClockInstant(text: string): Date {
  const given = text.trim();
  const trimmed = /^\d{4}-\d{2}-\d{2}$/.test(given) ? `${given}T00:00` : given;
  const zoned = /(?:Z|[+-]\d{2}:?\d{2})$/i.test(trimmed) ? trimmed : `${trimmed}+09:00`;
  const ms = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?/.test(trimmed)
    ? Date.parse(zoned)
    : NaN;
  if (Number.isNaN(ms)) throw new Error(`Not an instant (2026-07-01T06:00+09:00): ${text}`);
  return new Date(ms);
}

/**
 * The host's own time, never moved: for what is measured against other machines' clocks or the
 * passing of real time rather than the game's calendar: token lifetimes (verified against the
 * verifier's clock), cache ages, log stamps, secret reloads.
 */
export const hostTimeMs = (): number => Date.now();
