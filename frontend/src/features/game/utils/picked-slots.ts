import type { TeamView } from '@golf/shared/schemas/game';
import { draftSlots, type DraftSlot } from '@golf/shared/game/team';

/** The slot each player of the team is in: a player already on the team cannot be picked again. */
export const pickedSlots = (team: TeamView | null | undefined): Map<string, DraftSlot> =>
  new Map(
    (team?.slots ?? []).flatMap((pick, index) =>
      pick ? [[pick.player.player_id, draftSlots[index]!] as const] : [],
    ),
  );
