import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { db, tableName } from '../client';
import { fromItem } from '../item';
import { keys } from '../keys';

/** What a mail link is for. */
export type MailTokenPurpose = 'register' | 'register_mail' | 'email_change' | 'password_reset';

export interface MailTokenRecord {
  purpose: MailTokenPurpose;
  /** The address the link was sent to. */
  email: string;
  /** The player it belongs to (all but `register`, which creates the player). */
  user_id: string | null;
  /** `register` only: the chosen password's scrypt hash, kept until the link is used or expires. */
  password_hash: string | null;
  created_at: string;
  expires_at: string;
}

export const mailTokenItem = (tokenHash: string, record: MailTokenRecord) => ({
  ...keys.mailToken(tokenHash),
  entity: 'mail_token',
  ...record,
  expiresAt: Math.floor(Date.parse(record.expires_at) / 1000),
});

export async function putMailToken(tokenHash: string, record: MailTokenRecord): Promise<void> {
  await db().send(new PutCommand({ TableName: tableName(), Item: mailTokenItem(tokenHash, record) }));
}

/**
 * Takes a link's record out of the table: the link works once. Null when there is none for that
 * purpose (never issued, already used, or a link for something else, which is left alone). Two
 * requests with one link: only one gets the record.
 */
export async function consumeMailToken(
  tokenHash: string,
  purpose: MailTokenPurpose,
): Promise<MailTokenRecord | null> {
  try {
    const { Attributes } = await db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.mailToken(tokenHash),
        ConditionExpression: 'attribute_exists(PK) AND purpose = :purpose',
        ExpressionAttributeValues: { ':purpose': purpose },
        ReturnValues: 'ALL_OLD',
      }),
    );
    if (!Attributes) return null;
    const { expiresAt: _ttl, ...record } = fromItem<MailTokenRecord & { expiresAt: number }>(Attributes);
    return record;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return null;
    throw error;
  }
}
