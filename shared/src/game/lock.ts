import { parseInstant } from './instant';

/**
 * Round lock. A save is accepted only while `now` is strictly before the round's stored deadline.
 * Both are instants (UTC underneath), so the answer is the same in any server time zone. The write
 * itself must carry the same condition (the deadline it was checked against); no job flips a status.
 */
export function isBeforeDeadline(nowIso: string, deadlineIso: string): boolean {
  return parseInstant(nowIso) < parseInstant(deadlineIso);
}

/** Other users' teams for a round become visible to everyone at its deadline, never before. */
export function canSeeOtherTeams(nowIso: string, deadlineIso: string): boolean {
  return !isBeforeDeadline(nowIso, deadlineIso);
}

/** Milliseconds left until the deadline (0 once it has passed), for countdowns. */
export function msUntilDeadline(nowIso: string, deadlineIso: string): number {
  return Math.max(0, parseInstant(deadlineIso) - parseInstant(nowIso));
}
