import { tournamentRepository } from '../../db/repositories/tournament-repository';
import { unshardedItemsRepository } from '../../db/repositories/unsharded-items-repository';
import { mapInPool } from '../../lib/pool';
import type { Migration } from './migration';

/**
 * Old partitions moved at once: each run starts again from the first, so the empty ones (most, once
 * a run cut short has moved them) must cost one Query each side by side, not one after another.
 */
const PARTITIONS_IN_FLIGHT = 8;

/** Pages of `move` until none is left or the time is up; `done` when none is left. */
async function movePages(
  move: () => Promise<{ moved: number; more: boolean }>,
  timeLeft: () => boolean,
): Promise<{ done: boolean; moved: number }> {
  let moved = 0;
  while (timeLeft()) {
    const page = await move();
    moved += page.moved;
    if (!page.more) return { done: true, moved };
  }
  return { done: false, moved };
}

/**
 * Every round's teams from their one partition per round to the 64 partitions of the save shards,
 * and the receipts due likewise (docs/data-model.md, "Team saves").
 */
export const teamItemsByShard: Migration = {
  name: 'team-items-by-shard',
  description: 'チームと保存の控え（送信待ち）を、プレイヤーごとの64の区分に移します',
  async run({ timeLeft }) {
    const moves = [
      ...(await tournamentRepository.list()).flatMap((tournament) =>
        tournament.rounds.map(
          (stored) => () => unshardedItemsRepository.moveTeams(tournament.game_global_id, stored.round),
        ),
      ),
      () => unshardedItemsRepository.moveReceiptsDue(),
    ];
    const steps = await mapInPool(moves, PARTITIONS_IN_FLIGHT, (move) => movePages(move, timeLeft));
    return {
      done: steps.every((step) => step.done),
      moved: steps.reduce((sum, step) => sum + step.moved, 0),
    };
  },
};
