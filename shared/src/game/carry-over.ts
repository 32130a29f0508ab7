/**
 * The team a user plays in a round, settled at that round's deadline (docs/game-rules.md, Teams and carry-over):
 *
 * - a team the user saved for the round stays; any player on it who is no longer eligible
 *   (withdrew before the deadline, missed the cut, not in the field) is replaced by the AI
 *   `condition` pick, marked `auto`, and the team's last save becomes the deadline instant;
 * - with no saved team and `is_copy_next_round` on, the previous round's team is copied: every
 *   copied pick is `auto`, ineligible players are replaced the same way, and the last save is the
 *   deadline instant;
 * - otherwise the user has no team for the round.
 *
 * Everything is decided as of the deadline: the caller passes the players eligible from the statuses
 * recorded before it, and the last save never depends on when the settlement ran, so prize
 * tie-breaks do not depend on job timing. Replacements skip players already on the team and break
 * ties by player id. Running it again on its own result changes nothing (idempotent).
 */
import type { RoundNumber } from '../schemas/schedule';
import type { StoredRound } from '../schedule/tournament-record';
import type { PlayerStats } from './ai-selection';
import { replaceIneligible } from './ai-selection';
import { parseInstant } from './instant';
import { isBeforeDeadline } from './lock';
import type { RoundTeam, TeamPick } from './team';
import { teamPlayerIds } from './team';

export interface DeadlineInput {
  round: RoundNumber;
  /** The team stored for this round (saved by the user, or by an earlier run of this function). */
  saved: RoundTeam | null;
  /** The user's team for the previous round (null for round 1 or when he had none). */
  previous: RoundTeam | null;
  /** The user's `is_copy_next_round` setting. */
  copyNextRound: boolean;
  /** Players the server holds eligible for this round, with stats for the `condition` pick. */
  eligiblePlayers: readonly PlayerStats[];
  /** The round's deadline instant: the last save of a carried or replaced team. */
  deadlineIso: string;
}

export type DeadlineOutcome =
  | { kind: 'saved'; team: RoundTeam; changed: boolean }
  | { kind: 'carried'; team: RoundTeam }
  | { kind: 'none' };

function withReplacements(
  picks: readonly TeamPick[],
  eligiblePlayers: readonly PlayerStats[],
  copied: boolean,
) {
  const ordered = [...picks].sort((a, b) => a.slot - b.slot);
  const before = ordered.map((p) => p.player_id);
  const after = replaceIneligible(before, eligiblePlayers, 'condition');
  const result: TeamPick[] = ordered.map((pick, i) => {
    const replaced = after[i] !== pick.player_id;
    return { slot: pick.slot, player_id: after[i]!, auto: copied || replaced || pick.auto };
  });
  return { picks: result, changed: after.some((id, i) => id !== before[i]) };
}

export function settleTeamAtDeadline(input: DeadlineInput): DeadlineOutcome {
  parseInstant(input.deadlineIso);
  const deadline = input.deadlineIso;
  if (input.saved !== null) {
    const { picks, changed } = withReplacements(input.saved.picks, input.eligiblePlayers, false);
    return changed
      ? { kind: 'saved', team: { ...input.saved, picks, last_saved_at: deadline }, changed: true }
      : { kind: 'saved', team: input.saved, changed: false };
  }
  if (!input.copyNextRound || input.previous === null) return { kind: 'none' };
  const { picks } = withReplacements(input.previous.picks, input.eligiblePlayers, true);
  return { kind: 'carried', team: { round: input.round, picks, last_saved_at: deadline } };
}

/**
 * Whether a round's teams are still to be settled at `nowIso`: its deadline has passed, and it is
 * neither settled (`settled_at`), final, cancelled nor in a cancelled tournament. Only then can the
 * stored teams differ from the teams the round is played with; in every other case they are the same.
 */
export function awaitsSettlement(
  stored: Pick<StoredRound, 'deadline_at' | 'cancelled' | 'results' | 'settled_at'>,
  tournamentCancelled: boolean,
  nowIso: string,
): boolean {
  return (
    !tournamentCancelled &&
    !stored.cancelled &&
    !stored.settled_at &&
    stored.results !== 'final' &&
    !isBeforeDeadline(nowIso, stored.deadline_at)
  );
}

/**
 * How long after a round's deadline the scheduled carry-over waits before it stores the round's
 * settlement (the views settle on read from the deadline on): a save that arrived in time but was
 * refused for capacity may still be written with its arrival receipt up to
 * `ARRIVAL_RECEIPT_WINDOW_MS` (30 s) after the deadline, and its function runs at most 10 s more
 * (docs/adr/0018-judged-by-first-arrival.md). Settled after that, such a save is settled like any.
 */
export const SETTLEMENT_GRACE_MS = 60_000;

/** Whether the scheduled carry-over settles the round now: it awaits settlement and the grace has run out. */
export function settlementDue(
  stored: Pick<StoredRound, 'deadline_at' | 'cancelled' | 'results' | 'settled_at'>,
  tournamentCancelled: boolean,
  nowIso: string,
): boolean {
  return (
    awaitsSettlement(stored, tournamentCancelled, nowIso) &&
    Date.parse(nowIso) >= Date.parse(stored.deadline_at) + SETTLEMENT_GRACE_MS
  );
}

/**
 * The rounds whose teams a copy into `round` reads, oldest first: the round before, and when that
 * was cancelled the rounds back to the last one that was not (or round 1). A later round's team
 * overlays an earlier one, so a save to a cancelled round is what gets copied.
 */
export function roundsCopiedFrom(cancelledRounds: ReadonlySet<number>, round: number): number[] {
  if (round <= 1) return [];
  let first = round - 1;
  while (first > 1 && cancelledRounds.has(first)) first--;
  return Array.from({ length: round - first }, (_, i) => first + i);
}

/** The player ids a settled outcome plays with, or null for no team. */
export function settledPlayerIds(outcome: DeadlineOutcome): string[] | null {
  return outcome.kind === 'none' ? null : teamPlayerIds(outcome.team);
}

/** One change of a user's `is_copy_next_round` setting. */
export interface CopySettingChange {
  from: boolean;
  to: boolean;
  at: string;
}

/** How many changes of the setting are kept: enough for any run of the settlement that is late by hours. */
export const COPY_SETTING_CHANGES_KEPT = 10;

/**
 * The user's `is_copy_next_round` as it was at `instantIso` (a round's deadline): a change made at or
 * after the deadline did not count for that round, so a late settlement reads the value before it.
 */
export function copySettingAsOf(
  current: boolean,
  changes: readonly CopySettingChange[],
  instantIso: string,
): boolean {
  const instant = parseInstant(instantIso);
  const later = changes.filter((change) => Date.parse(change.at) >= instant);
  if (later.length === 0) return current;
  return later.reduce((earliest, change) => (change.at < earliest.at ? change : earliest)).from;
}

/** The change log after one more change, oldest dropped beyond COPY_SETTING_CHANGES_KEPT. */
export function withCopySettingChange(
  changes: readonly CopySettingChange[],
  change: CopySettingChange,
): CopySettingChange[] {
  return [...changes, change].slice(-COPY_SETTING_CHANGES_KEPT);
}
