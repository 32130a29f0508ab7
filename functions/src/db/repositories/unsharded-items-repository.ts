/**
 * Items stored before the keys a team save writes were sharded by player (docs/data-model.md, "Team
 * saves"): a round's teams under `TEAM#{game}#R{n}` and the receipts due under `RECEIPTS_DUE`. Only
 * the migration team-items-by-shard reads them, to move them to the sharded keys.
 */
import { keys } from '../keys';
import { movePartitionPage } from '../move-items';
import type { TableUse } from '../table-use';

/** Items moved per page. */
const UNSHARDED_PAGE = 100;

export const unshardedItemsRepository = {
  /** Moves a page of a round's unsharded teams to their users' shards; `more`: some may remain. */
  async moveTeams(gameGlobalId: string, round: number) {
    return movePartitionPage({
      partition: keys.unshardedTeamPartition(gameGlobalId, round),
      limit: UNSHARDED_PAGE,
      to: (item) => keys.team(gameGlobalId, round, String(item['user_id'])),
      unchanged: 'version',
    });
  },

  /** Moves a page of the unsharded receipts due to their players' shards; `more`: some may remain. */
  async moveReceiptsDue() {
    return movePartitionPage({
      partition: keys.unshardedSaveReceiptsDuePartition,
      limit: UNSHARDED_PAGE,
      to: (item) =>
        keys.saveReceiptDue(String(item['game_global_id']), Number(item['round']), String(item['user_id'])),
      unchanged: 'last_saved_at',
    });
  },
};

/** The partitions each function reads, writes and queries by index (functions/src/db/table-use.ts). */
export const tableUse = {
  unshardedItemsRepository: {
    moveTeams: { write: ['TEAM#'] },
    moveReceiptsDue: { write: ['RECEIPTS_DUE', 'RECEIPTS_DUE#'] },
  },
} satisfies TableUse<{ unshardedItemsRepository: typeof unshardedItemsRepository }>;
