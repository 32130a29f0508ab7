import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  guildAtDeadline,
  KEPT_PAST_MEMBERSHIPS,
  type MembershipPeriod,
  PAST_MEMBERSHIP_DAYS,
  pastMembershipsAfter,
} from './guild-membership';

const base = Date.parse('2026-07-01T00:00:00Z');
const at = (minute: number) => new Date(base + minute * 60_000).toISOString();
/** The same instant as Tokyo time, as deadlines are often written. */
const tokyo = (minute: number) =>
  new Date(base + minute * 60_000 + 9 * 3600_000).toISOString().replace('Z', '+09:00');

describe("a round's guild: the member at its deadline", () => {
  const deadline = tokyo(100);
  const period = (joined: number | null, left: number | null): MembershipPeriod[] => [
    {
      guild_id: 'G',
      joined_at: joined === null ? null : at(joined),
      left_at: left === null ? null : at(left),
    },
  ];

  it('counts a member who joined before the deadline, also one who left after it', () => {
    expect(guildAtDeadline(period(10, null), deadline)).toBe('G');
    expect(guildAtDeadline(period(10, 200), deadline)).toBe('G');
  });

  it('does not count a join at or after the deadline, nor a member who left before it', () => {
    expect(guildAtDeadline(period(100, null), deadline)).toBeNull();
    expect(guildAtDeadline(period(150, null), deadline)).toBeNull();
    expect(guildAtDeadline(period(10, 99), deadline)).toBeNull();
  });

  it('counts a leave at the deadline instant as after it, as a save at that instant is too late', () => {
    expect(guildAtDeadline(period(10, 100), deadline)).toBe('G');
  });

  it('counts a membership of unknown join time from the start', () => {
    expect(guildAtDeadline(period(null, null), deadline)).toBe('G');
    expect(guildAtDeadline(period(null, 50), deadline)).toBeNull();
  });

  it('is no guild without memberships', () => {
    expect(guildAtDeadline([], deadline)).toBeNull();
  });
});

/**
 * A user's joins and leaves in time order: each step is a join of a guild (when in none) or a leave
 * (when in one), minutes apart (0 = the same instant as the step before).
 */
const historyArb = fc.array(
  fc.record({ gap: fc.integer({ min: 0, max: 60 }), guild: fc.constantFrom('A', 'B', 'C') }),
  {
    maxLength: 12,
  },
);

function periodsOf(steps: ReadonlyArray<{ gap: number; guild: string }>) {
  const periods: MembershipPeriod[] = [];
  const events: Array<{ minute: number; guild: string | null }> = [];
  let minute = 0;
  for (const step of steps) {
    minute += step.gap;
    const open = periods.at(-1);
    if (open && open.left_at === null) {
      open.left_at = at(minute);
      events.push({ minute, guild: null });
    } else {
      periods.push({ guild_id: step.guild, joined_at: at(minute), left_at: null });
      events.push({ minute, guild: step.guild });
    }
  }
  return { periods, events, end: minute };
}

describe('the rule against a replay of the joins and leaves', () => {
  it('is the guild the user was in once every join and leave before the deadline is applied', () => {
    fc.assert(
      fc.property(historyArb, fc.integer({ min: -5, max: 800 }), (steps, deadline) => {
        const { periods, events } = periodsOf(steps);
        // What happened strictly before the deadline counts; at or after it is too late for it.
        let expected: string | null = null;
        for (const event of events) if (event.minute < deadline) expected = event.guild;
        expect(guildAtDeadline(periods, tokyo(deadline))).toBe(expected);
      }),
    );
  });

  it('never changes for a deadline that has passed, whoever joins or leaves afterwards', () => {
    fc.assert(
      fc.property(historyArb, historyArb, fc.integer({ min: 0, max: 800 }), (before, after, deadline) => {
        const earlier = periodsOf(before);
        // Everything from here on happens at or after the deadline.
        const start = Math.max(earlier.end, deadline);
        const later = periodsOf([...before, { gap: start - earlier.end, guild: 'A' }, ...after]);
        const settled = guildAtDeadline(earlier.periods, tokyo(deadline));
        // The steps up to `before`'s end are the same; the first later step is at `start` or after.
        expect(guildAtDeadline(later.periods, tokyo(deadline))).toBe(settled);
      }),
    );
  });
});

describe('the past memberships kept per user', () => {
  const now = new Date(base + 1000 * 24 * 3600_000);
  const ended = (daysAgo: number, guild = 'G'): MembershipPeriod => ({
    guild_id: guild,
    joined_at: new Date(now.getTime() - (daysAgo + 1) * 24 * 3600_000).toISOString(),
    left_at: new Date(now.getTime() - daysAgo * 24 * 3600_000).toISOString(),
  });

  it('keeps the latest, the one just ended last, and none that ended long before any round still scored', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 2 * PAST_MEMBERSHIP_DAYS }), {
          maxLength: 3 * KEPT_PAST_MEMBERSHIPS,
        }),
        (ages) => {
          const past = [...ages].sort((a, b) => b - a).map((days, i) => ended(days, `G${i}`));
          const justEnded = ended(0, 'NOW');
          const kept = pastMembershipsAfter(past, justEnded, now);
          expect(kept.length).toBeLessThanOrEqual(KEPT_PAST_MEMBERSHIPS);
          expect(kept.at(-1)).toEqual(justEnded);
          const recent = [...past, justEnded].filter(
            (period) => now.getTime() - Date.parse(period.left_at!) <= PAST_MEMBERSHIP_DAYS * 24 * 3600_000,
          );
          expect(kept).toEqual(recent.slice(-KEPT_PAST_MEMBERSHIPS));
        },
      ),
    );
  });
});
