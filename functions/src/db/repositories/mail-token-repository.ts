import { createHash, randomBytes } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { failedAt, transactWrite, unlessRefused } from '../conditions';
import { db, tableName } from '../client';
import { fromItem } from '../item';
import { keys } from '../keys';
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

const recordOf = (item: Record<string, unknown>): MailTokenRecord => {
  const { expiresAt: _ttl, ...record } = fromItem<MailTokenRecord & { expiresAt: number }>(item);
  return record;
};

/** The player's current reset generation (0 before their first reset). */
async function resetGeneration(userId: string): Promise<number> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.resetLinks(userId), ConsistentRead: true }),
  );
  return Number(Item?.['generation'] ?? 0);
}

/** Transactions of two resets of one player at the same instant may both be cancelled: try again. */
const resetAttempts = 3;

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

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const mailTokenRepository = {
  async putMailToken(tokenHash: string, record: MailTokenRecord): Promise<void> {
    await db().send(new PutCommand({ TableName: tableName(), Item: mailTokenItem(tokenHash, record) }));
  },

  /**
   * A new one-time token for the record: 32 random bytes, of which only the SHA-256 is stored. A
   * password reset link carries its player's reset generation.
   */
  async issueOneTimeToken(
    fields: Pick<MailTokenRecord, 'purpose' | 'email' | 'user_id' | 'password_hash'>,
    lifetimeMs: number,
    now: Date,
  ): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const generation =
      fields.purpose === 'password_reset' && fields.user_id
        ? { reset_generation: await resetGeneration(fields.user_id) }
        : {};
    await mailTokenRepository.putMailToken(hashToken(token), {
      ...fields,
      ...generation,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + lifetimeMs).toISOString(),
    });
    return token;
  },

  /**
   * A password reset link as it stands, read only (the link is not used): `expired`, or null when
   * takeResetLink would refuse it too (unknown, used, for something else, or ended by a later reset).
   */
  async readResetLink(token: string, now: Date): Promise<MailTokenRecord | 'expired' | null> {
    const { Item } = await db().send(
      new GetCommand({ TableName: tableName(), Key: keys.mailToken(hashToken(token)), ConsistentRead: true }),
    );
    const record = Item ? recordOf(Item) : null;
    if (record?.purpose !== 'password_reset' || !record.user_id) return null;
    if (Date.parse(record.expires_at) <= now.getTime()) return 'expired';
    if ((record.reset_generation ?? 0) !== (await resetGeneration(record.user_id))) return null;
    return record;
  },

  /**
   * Takes a password reset link out of the table and ends every other reset link of its player, in
   * one transaction: the link goes, and the player's reset generation moves on from the one the link
   * carries, on the condition that it still is that one. A link mailed before another link's reset
   * is refused, and of two links used at once only one is taken. `expired` (the link stays until its
   * TTL) or null when the link is unknown, used, for something else, or ended.
   */
  async takeResetLink(token: string, now: Date): Promise<MailTokenRecord | 'expired' | null> {
    const key = keys.mailToken(hashToken(token));
    for (let attempt = 0; attempt < resetAttempts; attempt++) {
      const { Item } = await db().send(
        new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }),
      );
      const record = Item ? recordOf(Item) : null;
      if (record?.purpose !== 'password_reset' || !record.user_id) return null;
      if (Date.parse(record.expires_at) <= now.getTime()) return 'expired';
      const generation = record.reset_generation ?? 0;
      const outcome = await transactWrite(
        [
          {
            Delete: {
              TableName: tableName(),
              Key: key,
              ConditionExpression: 'attribute_exists(PK)',
            },
          },
          {
            Update: {
              TableName: tableName(),
              Key: keys.resetLinks(record.user_id),
              UpdateExpression: 'SET entity = :entity, generation = :next',
              ConditionExpression:
                generation === 0 ? 'attribute_not_exists(generation)' : 'generation = :current',
              ExpressionAttributeValues: {
                ':entity': 'reset_links',
                ':next': generation + 1,
                ...(generation === 0 ? {} : { ':current': generation }),
              },
            },
          },
        ],
        (error) => (failedAt(error, 0) || failedAt(error, 1) ? 'refused' : 'collided'),
      );
      if (outcome === null) return record;
      if (outcome === 'refused') return null;
    }
    throw new Error('a password reset collided with others on every attempt');
  },

  /** The token's record, used up (see consumeMailToken); its expiry is the caller's to check. */
  takeOneTimeToken: (token: string, purpose: MailTokenPurpose) => consumeMailToken(hashToken(token), purpose),
};

/** The partitions each function reads, writes and queries by index (functions/src/db/table-use.ts). */
export const tableUse = {
  mailTokenRepository: {
    putMailToken: { write: ['MAILTOKEN#'] },
    issueOneTimeToken: { read: ['USER#'], write: ['MAILTOKEN#'] },
    readResetLink: { read: ['MAILTOKEN#', 'USER#'] },
    takeResetLink: { write: ['MAILTOKEN#', 'USER#'] },
    takeOneTimeToken: { write: ['MAILTOKEN#'] },
  },
} satisfies TableUse<{ mailTokenRepository: typeof mailTokenRepository }>;
