import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { batchGetAll } from '../batch-get';
import { batchWriteAll } from '../batch-write';
import { db, tableName } from '../client';
import { fromItem } from '../item';
import { keys } from '../keys';
import type { TableUse } from '../table-use';

/** A player's profile: `PLAYER#{id}` / `PROFILE`. */
export interface PlayerProfileRecord {
  player_id: string;
  name: string;
  name_kana: string;
  country: string;
  is_amateur: boolean;
  world_rank: number | null;
  photo_url?: string | null;
  stats?: Partial<Record<string, number | null>>;
}

export const playerProfileItem = (record: PlayerProfileRecord) => ({
  ...keys.player(record.player_id),
  entity: 'player',
  ...record,
});

export const playerRepository = {
  async get(playerId: string): Promise<PlayerProfileRecord | undefined> {
    const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.player(playerId) }));
    return Item ? fromItem<PlayerProfileRecord>(Item) : undefined;
  },

  /** Profiles by id (missing ones left out). */
  async getMany(playerIds: readonly string[]): Promise<Map<string, PlayerProfileRecord>> {
    const items = await batchGetAll(playerIds.map((id) => keys.player(id)));
    const profiles = items.map((item) => fromItem<PlayerProfileRecord>(item));
    return new Map(profiles.map((profile) => [profile.player_id, profile]));
  },

  /** Stores profiles (players an import brings that the game has never stored). */
  async putMany(records: readonly PlayerProfileRecord[]): Promise<void> {
    await batchWriteAll(records.map(playerProfileItem));
  },
};

/** The partitions each function reads, writes and queries by index (functions/src/db/table-use.ts). */
export const tableUse = {
  playerProfileItem: { write: ['PLAYER#'] },
  playerRepository: {
    get: { read: ['PLAYER#'] },
    getMany: { read: ['PLAYER#'] },
    putMany: { write: ['PLAYER#'] },
  },
} satisfies TableUse<{
  playerRepository: typeof playerRepository;
  playerProfileItem: typeof playerProfileItem;
}>;
