/** The e-mail receipt of team saves: one settings item per player (`USER#{id}` / `SAVE_RECEIPT`). */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../client';
import { keys } from '../keys';

const settingsKey = keys.saveReceiptSettings;

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
};
