import { batchGetAll } from '../batch-get';
import { batchWriteAll } from '../batch-write';
import { fromItem } from '../item';
import { keys } from '../keys';
import { pack, unpack } from './ranking-pages/ranking-repository';
import type { TableUse } from '../table-use';

/** A user's line in a tournament's history: [user_id, points, scores per round, ranks per round]. */
export type SeasonHistoryEntry = [string, number | null, Array<number | null>, Array<number | null>];

export interface SeasonHistoryMeta {
  game_global_id: string;
  season_id: number;
  /** Rounds whose deadline had passed, in order: players ranked after each, and whether it was cancelled. */
  rounds: Array<{ round: number; ranked: number; cancelled: boolean }>;
  entrants: number;
  provisional: boolean;
  buckets: number;
  digest: string;
  written_at: string;
}

export const seasonHistoryRepository = {
  async metas(gameGlobalIds: readonly string[]): Promise<Map<string, SeasonHistoryMeta>> {
    const items = await batchGetAll(gameGlobalIds.map((id) => keys.seasonHistoryMeta(id)));
    return new Map(
      items.map((item) => {
        const meta = fromItem<SeasonHistoryMeta>(item);
        return [meta.game_global_id, meta];
      }),
    );
  },

  /** The buckets asked for, each as its entries, by tournament. */
  async buckets(wanted: ReadonlyArray<{ gameGlobalId: string; bucket: number }>) {
    const items = await batchGetAll(wanted.map((w) => keys.seasonHistory(w.gameGlobalId, w.bucket)));
    return new Map(
      items.map((item) => [
        String(item['PK']).slice('HISTORY#'.length),
        unpack<SeasonHistoryEntry[]>(item['users'] as Uint8Array),
      ]),
    );
  },

  /** The buckets first, then the meta that names their count, so a reader never sees a count of missing buckets. */
  async write(meta: SeasonHistoryMeta, buckets: ReadonlyArray<readonly SeasonHistoryEntry[]>) {
    await batchWriteAll(
      buckets.map((entries, bucket) => ({
        ...keys.seasonHistory(meta.game_global_id, bucket),
        entity: 'season_history',
        users: pack(entries),
      })),
    );
    await batchWriteAll([
      { ...keys.seasonHistoryMeta(meta.game_global_id), entity: 'season_history_meta', ...meta },
    ]);
  },
};

/** The partitions each function reads, writes and queries by index (functions/src/db/table-use.ts). */
export const tableUse = {
  seasonHistoryRepository: {
    metas: { read: ['HISTORY#'] },
    buckets: { read: ['HISTORY#'] },
    write: { write: ['HISTORY#'] },
  },
} satisfies TableUse<{ seasonHistoryRepository: typeof seasonHistoryRepository }>;
