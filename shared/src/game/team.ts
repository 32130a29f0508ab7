/**
 * A user's team for one round: 4 distinct players in draft slots 1-4. `auto` marks a pick the user
 * did not choose (copied by carry-over or put in by the AI `condition` replacement), shown as (AUTO).
 */
import type { RoundNumber } from '../schemas/schedule';
import { parseInstant } from './instant';
import { assertTeam } from './scoring';

export const draftSlots = [1, 2, 3, 4] as const;
export type DraftSlot = (typeof draftSlots)[number];

export interface TeamPick {
  slot: DraftSlot;
  player_id: string;
  auto: boolean;
}

export interface RoundTeam {
  round: RoundNumber;
  /** Ordered by slot 1-4. */
  picks: readonly TeamPick[];
  /** ISO instant of the last change: the user's save, or the copy time of a carried team. */
  last_saved_at: string;
}

/** Player ids in slot order. */
export function teamPlayerIds(team: RoundTeam): string[] {
  return [...team.picks].sort((a, b) => a.slot - b.slot).map((p) => p.player_id);
}

/** Picks from player ids in slot order. */
export function picksFrom(
  playerIds: readonly string[],
  auto: (index: number) => boolean = () => false,
): TeamPick[] {
  assertTeam(playerIds);
  return playerIds.map((player_id, i) => ({ slot: draftSlots[i]!, player_id, auto: auto(i) }));
}

/** Picks of a saved team whose player is no longer eligible (the round page warns about them). */
export function ineligiblePicks(team: RoundTeam, eligibleIds: ReadonlySet<string>): TeamPick[] {
  return team.picks.filter((p) => !eligibleIds.has(p.player_id));
}

type SlotPick = Pick<TeamPick, 'slot' | 'player_id'>;

/** The same player in every slot, whatever order the picks are listed in; `auto` is not compared. */
export function samePicks(a: readonly SlotPick[], b: readonly SlotPick[]): boolean {
  const key = (picks: readonly SlotPick[]) =>
    [...picks]
      .sort((x, y) => x.slot - y.slot)
      .map((p) => `${p.slot}:${p.player_id}`)
      .join(',');
  return a.length === b.length && key(a) === key(b);
}

/** Same player in every slot, the ids given in slot order. */
function sameLineUp(team: RoundTeam, playerIds: readonly string[]): boolean {
  return samePicks(
    team.picks,
    playerIds.map((player_id, i) => ({ slot: draftSlots[i]!, player_id })),
  );
}

/**
 * A user's save (the deadline check is the caller's, see lock.ts). Saving the identical line-up
 * (same player in every slot) changes nothing, not even the last save; any other save stores the
 * user's picks (none `auto`) with `last_saved_at = nowIso`.
 */
export function applySave(
  existing: RoundTeam | null,
  round: RoundNumber,
  playerIds: readonly string[],
  nowIso: string,
): { team: RoundTeam; changed: boolean } {
  parseInstant(nowIso);
  if (existing !== null && existing.round === round && sameLineUp(existing, playerIds)) {
    return { team: existing, changed: false };
  }
  return { team: { round, picks: picksFrom(playerIds), last_saved_at: nowIso }, changed: true };
}
