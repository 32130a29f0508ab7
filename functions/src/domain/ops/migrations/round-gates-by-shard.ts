/**
 * Stored tournaments get their round gates in `SAVE_SHARDS` shards, each with the round's ineligible
 * players (docs/adr/0018-round-gates-by-shard.md), written from the tournament and its field. The
 * 4-shard deadline locks they replace had the keys of shards 0-3, which are written over: nothing is
 * left to delete. Running it again writes the same gates.
 */
import { tournamentRepository } from '../../../db/repositories/tournament-repository';

export const name = 'round-gates-by-shard';

/** Every listed tournament; a staged one (unpublished) gets its gates when it is next saved. */
export async function run(): Promise<void> {
  for (const record of await tournamentRepository.list())
    await tournamentRepository.syncRoundGates(record.game_global_id);
}
