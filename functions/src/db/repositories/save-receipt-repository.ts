/**
 * The e-mail receipt of team saves: one settings item per player (`USER#{id}` / `SAVE_RECEIPT`), and
 * the receipts waiting for their team to stay unchanged (`RECEIPTS_DUE#S{shard}` /
 * `{game}#R{round}#USER#{id}`, one per player and round in the player's save shard, overwritten by
 * each complete save and taken by the receipt job, which reads the 64 shards).
 */
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../client';
import { conditionHeld } from '../conditions';
import { keys, SAVE_SHARDS } from '../keys';
import { queryShards } from '../query-all';
import type { TableUse } from '../table-use';

const settingsKey = keys.saveReceiptSettings;
const dueKey = keys.saveReceiptDue;
const dueItem = (receipt: DueReceipt) => ({
  ...dueKey(receipt.game_global_id, receipt.round, receipt.user_id),
  entity: 'save_receipt_due',
  ...receipt,
});

/** A receipt waiting: the complete team saved at `last_saved_at` is mailed at `due_at` if still unchanged. */
export interface DueReceipt {
  user_id: string;
  game_global_id: string;
  round: number;
  last_saved_at: string;
  due_at: string;
}

export const saveReceiptRepository = {
  /** Off unless the player turned it on. */
  async emailOn(userId: string): Promise<boolean> {
    const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: settingsKey(userId) }));
    return Item?.['email'] === true;
  },

  async put(userId: string, email: boolean, now: Date): Promise<void> {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...settingsKey(userId),
          entity: 'save_receipt_settings',
          email,
          updated_at: now.toISOString(),
        },
      }),
    );
  },

  /** Puts the player's round receipt in place of any earlier one: only the last complete save is mailed. */
  async schedule(receipt: DueReceipt): Promise<void> {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: dueItem(receipt),
      }),
    );
  },

  /** The receipts whose quiet time is over at `now`. */
  async listDue(now: Date): Promise<DueReceipt[]> {
    const shards = Array.from({ length: SAVE_SHARDS }, (_, shard) => keys.saveReceiptsDuePartition(shard));
    const items = await queryShards<DueReceipt>(shards, {
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk',
      FilterExpression: 'due_at <= :now',
      ExpressionAttributeValues: { ':now': now.toISOString() },
    });
    return items.map(({ user_id, game_global_id, round, last_saved_at, due_at }) => ({
      user_id,
      game_global_id,
      round,
      last_saved_at,
      due_at,
    }));
  },

  /**
   * Takes a receipt before it is mailed; false when another run took it or a later save replaced it
   * (the condition is the save it was scheduled for), so no receipt is mailed twice.
   */
  async take(receipt: DueReceipt): Promise<boolean> {
    return conditionHeld(
      db().send(
        new DeleteCommand({
          TableName: tableName(),
          Key: dueKey(receipt.game_global_id, receipt.round, receipt.user_id),
          ConditionExpression: 'last_saved_at = :seen',
          ExpressionAttributeValues: { ':seen': receipt.last_saved_at },
        }),
      ),
    );
  },

  /** Gives a taken receipt back when its mail could not be sent, unless a later save scheduled another. */
  async giveBack(receipt: DueReceipt): Promise<void> {
    await conditionHeld(
      db().send(
        new PutCommand({
          TableName: tableName(),
          Item: dueItem(receipt),
          ConditionExpression: 'attribute_not_exists(PK)',
        }),
      ),
    );
  },
};

/** The partitions each function reads, writes and queries by index (functions/src/db/table-use.ts). */
export const tableUse = {
  saveReceiptRepository: {
    emailOn: { read: ['USER#'] },
    put: { write: ['USER#'] },
    schedule: { write: ['RECEIPTS_DUE#'] },
    listDue: { read: ['RECEIPTS_DUE#'] },
    take: { write: ['RECEIPTS_DUE#'] },
    giveBack: { write: ['RECEIPTS_DUE#'] },
  },
} satisfies TableUse<{ saveReceiptRepository: typeof saveReceiptRepository }>;
