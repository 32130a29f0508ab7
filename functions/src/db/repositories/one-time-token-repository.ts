import { randomBytes } from 'node:crypto';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { unlessRefused } from '../conditions';
import { db, tableName } from '../client';
import { fromItem } from '../item';
import { keys } from '../keys';
import { hashToken } from '../../lib/token-hash';
import type { TableUse } from '../table-use';

/**
 * What a one-time token is for: a mailed link, or (`sign_in`, never mailed) the answer to the user
 * pool's custom sign-in challenge, with which the server signs a player in without their password.
 */
export type MailTokenPurpose = 'register' | 'register_mail' | 'email_change' | 'password_reset' | 'sign_in';

export interface MailTokenRecord {
  purpose: MailTokenPurpose;
  /** The address the link was sent to ('' for `sign_in`). */
  email: string;
  /** The player it belongs to (for `register`, the id the new player will have). */
  user_id: string | null;
  /** `register` only: the chosen password's scrypt hash, kept until the link is used or expires. */
  password_hash: string | null;
  created_at: string;
  expires_at: string;
  /**
   * `password_reset` only: the player's reset generation when the link was mailed (absent: 0). A
   * reset moves the generation on, which ends every link mailed before it.
   */
  reset_generation?: number;
}

const mailTokenItem = (tokenHash: string, record: MailTokenRecord) => ({
  ...keys.mailToken(tokenHash),
  entity: 'mail_token',
  ...record,
  expiresAt: Math.floor(Date.parse(record.expires_at) / 1000),
});

export const recordOf = (item: Record<string, unknown>): MailTokenRecord => {
  const { expiresAt: _ttl, ...record } = fromItem<MailTokenRecord & { expiresAt: number }>(item);
  return record;
};

/**
 * Takes a link's record out of the table: the link works once. Null when there is none for that
 * purpose (never issued, already used, or a link for something else, which is left alone). Two
 * requests with one link: only one gets the record.
 */
async function consumeMailToken(
  tokenHash: string,
  purpose: MailTokenPurpose,
): Promise<MailTokenRecord | null> {
  const deleted = await unlessRefused(
    db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.mailToken(tokenHash),
        ConditionExpression: 'attribute_exists(PK) AND purpose = :purpose',
        ExpressionAttributeValues: { ':purpose': purpose },
        ReturnValues: 'ALL_OLD',
      }),
    ),
    null,
  );
  return deleted?.Attributes ? recordOf(deleted.Attributes) : null;
}

/**
 * The one-time tokens alone (their `MAILTOKEN#` partitions), apart from the reset links' generations
 * (mail-token-repository.ts), so that the user pool's sign-in trigger, which only takes its grants,
 * reaches nothing else.
 */
export const oneTimeTokenRepository = {
  async put(tokenHash: string, record: MailTokenRecord): Promise<void> {
    await db().send(new PutCommand({ TableName: tableName(), Item: mailTokenItem(tokenHash, record) }));
  },

  /** A new one-time token for the record: 32 random bytes, of which only the SHA-256 is stored. */
  async issue(
    fields: Pick<MailTokenRecord, 'purpose' | 'email' | 'user_id' | 'password_hash' | 'reset_generation'>,
    lifetimeMs: number,
    now: Date,
  ): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await oneTimeTokenRepository.put(hashToken(token), {
      ...fields,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + lifetimeMs).toISOString(),
    });
    return token;
  },

  /** The token's record, used up (see consumeMailToken); its expiry is the caller's to check. */
  take: (token: string, purpose: MailTokenPurpose) => consumeMailToken(hashToken(token), purpose),
};

/** The partitions each function reads, writes and queries by index (functions/src/db/table-use.ts). */
export const tableUse = {
  oneTimeTokenRepository: {
    put: { write: ['MAILTOKEN#'] },
    issue: { write: ['MAILTOKEN#'] },
    take: { write: ['MAILTOKEN#'] },
  },
} satisfies TableUse<{ oneTimeTokenRepository: typeof oneTimeTokenRepository }>;
