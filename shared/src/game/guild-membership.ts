/**
 * Which guild a user's round counts for (docs/game-rules.md, ギルドランキング;
 * docs/adr/0021-guild-members-at-the-deadline.md): the guild he was a member of at the round's
 * deadline. A join at or after the deadline is too late for that round, as a save is; a leave at or
 * after it leaves the round counted. So a round's guild results, once its deadline has passed, never
 * move with who joins or leaves later.
 */
import { parseInstant } from './instant';

/** One stretch of a user's membership of a guild. */
export interface MembershipPeriod {
  guild_id: string;
  /** When he joined; null when not known (counted from the start). */
  joined_at: string | null;
  /** When he left; null while he is a member. */
  left_at: string | null;
}

/** Whether the period covers the deadline: joined before it, and still a member at it. */
function memberAtDeadline(period: MembershipPeriod, deadlineMs: number): boolean {
  return (
    (period.joined_at === null || parseInstant(period.joined_at) < deadlineMs) &&
    (period.left_at === null || parseInstant(period.left_at) >= deadlineMs)
  );
}

/**
 * The guild a user counts for in the round with this deadline, or null. A user is in one guild at a
 * time (a join needs the last one left), so at most one period covers a deadline; should stored
 * periods ever overlap, the latest join wins.
 */
export function guildAtDeadline(periods: readonly MembershipPeriod[], deadline: string): string | null {
  const deadlineMs = parseInstant(deadline);
  let found: MembershipPeriod | null = null;
  for (const period of periods) {
    if (!memberAtDeadline(period, deadlineMs)) continue;
    if (found === null || joinedMs(period) >= joinedMs(found)) found = period;
  }
  return found?.guild_id ?? null;
}

const joinedMs = (period: MembershipPeriod) =>
  period.joined_at === null ? Number.NEGATIVE_INFINITY : parseInstant(period.joined_at);

/** Past memberships kept per user: the latest, and none that ended long before any round still scored. */
export const KEPT_PAST_MEMBERSHIPS = 50;
export const PAST_MEMBERSHIP_DAYS = 400;

/**
 * A user's past memberships with one more (`ended`), as stored: the latest `KEPT_PAST_MEMBERSHIPS`,
 * without those that ended more than `PAST_MEMBERSHIP_DAYS` before `now` (a season's rounds are
 * all within that), so the stored list stays small however often he joins and leaves.
 */
export function pastMembershipsAfter(
  past: readonly MembershipPeriod[],
  ended: MembershipPeriod,
  now: Date,
): MembershipPeriod[] {
  const since = now.getTime() - PAST_MEMBERSHIP_DAYS * 24 * 3600_000;
  return [...past, ended]
    .filter((period) => period.left_at === null || parseInstant(period.left_at) >= since)
    .slice(-KEPT_PAST_MEMBERSHIPS);
}
