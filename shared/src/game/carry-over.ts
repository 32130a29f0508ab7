/**
 * The team a user plays in a round, settled at that round's deadline (DESIGN.md section 3):
 *
 * - a team the user saved for the round stays; any player on it who is no longer eligible
 *   (withdrew before the deadline, missed the cut, not in the field) is replaced by the AI
 *   `condition` pick, marked `auto`; its last save does not change;
 * - with no saved team and `is_copy_next_round` on, the previous round's team is copied: every
 *   copied pick is `auto`, ineligible players are replaced the same way, and the last save is the
 *   copy time;
 * - otherwise the user has no team for the round.
 *
 * Replacements skip players already on the team and break ties by player id. Running it again on
 * its own result changes nothing (idempotent).
 */
import type { RoundNumber } from '../schemas/schedule';
import type { PlayerStats } from './ai-selection';
import { replaceIneligible } from './ai-selection';
import { parseInstant } from './instant';
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
  /** When this runs (at or just after the deadline): the copy time of a carried team. */
  nowIso: string;
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
  parseInstant(input.nowIso);
  if (input.saved !== null) {
    const { picks, changed } = withReplacements(input.saved.picks, input.eligiblePlayers, false);
    return changed
      ? { kind: 'saved', team: { ...input.saved, picks }, changed: true }
      : { kind: 'saved', team: input.saved, changed: false };
  }
  if (!input.copyNextRound || input.previous === null) return { kind: 'none' };
  const { picks } = withReplacements(input.previous.picks, input.eligiblePlayers, true);
  return { kind: 'carried', team: { round: input.round, picks, last_saved_at: input.nowIso } };
}

/** The player ids a settled outcome plays with, or null for no team. */
export function settledPlayerIds(outcome: DeadlineOutcome): string[] | null {
  return outcome.kind === 'none' ? null : teamPlayerIds(outcome.team);
}
