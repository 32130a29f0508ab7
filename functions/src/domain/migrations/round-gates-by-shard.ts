/**
 * Stored tournaments get their round gates in `SAVE_SHARDS` shards, each with the round's ineligible
 * players (docs/adr/0020-round-gates-by-shard.md), written from the tournament and its field. The
 * 4-shard deadline locks they replace had the keys of shards 0-3, which are written over: nothing is
 * left to delete. Running it again writes the same gates.
 */
import { tournamentRepository } from '../../db/repositories/tournament-repository';
import type { Migration } from './migration';

/** Every listed tournament; a staged one (unpublished) gets its gates when it is next saved. */
export const roundGatesByShard: Migration = {
  name: 'round-gates-by-shard',
  description: '各ラウンドの締切と選べない選手の写しを、64の区分に書き直します',
  async run({ timeLeft }) {
    let moved = 0;
    for (const record of await tournamentRepository.list()) {
      if (!timeLeft()) return { done: false, moved };
      await tournamentRepository.syncRoundGates(record.game_global_id);
      moved += 1;
    }
    return { done: true, moved };
  },
};
