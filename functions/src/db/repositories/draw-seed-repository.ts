import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../client';
import { conditionHeld } from '../conditions';
import { fromItem } from '../item';
import { keys } from '../keys';
import type { TableUse } from '../table-use';

export interface DrawSecretRecord {
  /** sha256 of `secret`, published from the start. */
  commitment: string;
  /** 32 random bytes as hex; never answered until `revealed_at`. */
  secret: string;
  committed_at: string;
  /** When a draw used it and it was published; null before. */
  revealed_at: string | null;
}

interface SeedDrawRecord {
  secret_index: number;
  results_digest: string;
  seed: string;
  drawn_at: string;
}

/** A tournament's lottery secrets (the next draw takes the first one unrevealed) and the seeds its draws took. */
export interface DrawSeedRecord {
  game_global_id: string;
  secrets: DrawSecretRecord[];
  draws: SeedDrawRecord[];
  /** Bumped by each write, which holds only while it is the version read. */
  version: number;
}

const item = (record: DrawSeedRecord) => ({
  ...keys.drawSeed(record.game_global_id),
  entity: 'draw_seed',
  ...record,
});

export const drawSeedRepository = {
  async get(gameGlobalId: string): Promise<DrawSeedRecord | null> {
    const { Item } = await db().send(
      new GetCommand({ TableName: tableName(), Key: keys.drawSeed(gameGlobalId), ConsistentRead: true }),
    );
    return Item ? fromItem<DrawSeedRecord>(Item) : null;
  },

  /** Stores the first record of a tournament: false when it has one (a commitment is never replaced). */
  async create(record: DrawSeedRecord): Promise<boolean> {
    return conditionHeld(
      db().send(
        new PutCommand({
          TableName: tableName(),
          Item: item(record),
          ConditionExpression: 'attribute_not_exists(PK)',
        }),
      ),
    );
  },

  /** Writes `record` over the version read: false when another write came in between. */
  async replace(record: DrawSeedRecord, readVersion: number): Promise<boolean> {
    return conditionHeld(
      db().send(
        new PutCommand({
          TableName: tableName(),
          Item: item({ ...record, version: readVersion + 1 }),
          ConditionExpression: 'version = :version',
          ExpressionAttributeValues: { ':version': readVersion },
        }),
      ),
    );
  },
};

/** The partitions each function reads, writes and queries by index (functions/src/db/table-use.ts). */
export const tableUse = {
  drawSeedRepository: {
    get: { read: ['DRAWSEED#'] },
    create: { write: ['DRAWSEED#'] },
    replace: { write: ['DRAWSEED#'] },
  },
} satisfies TableUse<{ drawSeedRepository: typeof drawSeedRepository }>;
