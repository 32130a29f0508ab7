import { BatchGetCommand, GetCommand, type BatchGetCommandOutput } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../client';
import { fromItem } from '../item';
import { keys } from '../keys';

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

  /** Profiles by id, 100 keys per BatchGetItem, unprocessed keys retried. */
  async getMany(playerIds: readonly string[]): Promise<Map<string, PlayerProfileRecord>> {
    const result = new Map<string, PlayerProfileRecord>();
    const ids = [...new Set(playerIds)];
    for (let i = 0; i < ids.length; i += 100) {
      let requestKeys: Record<string, unknown>[] | undefined = ids
        .slice(i, i + 100)
        .map((id) => keys.player(id));
      for (let attempt = 0; requestKeys?.length && attempt < 8; attempt++) {
        const page: BatchGetCommandOutput = await db().send(
          new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: requestKeys } } }),
        );
        for (const item of page.Responses?.[tableName()] ?? []) {
          const profile = fromItem<PlayerProfileRecord>(item);
          result.set(profile.player_id, profile);
        }
        requestKeys = page.UnprocessedKeys?.[tableName()]?.Keys;
      }
    }
    return result;
  },
};
