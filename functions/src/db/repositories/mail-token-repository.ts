import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { failedAt, transactWrite } from '../conditions';
import { db, tableName } from '../client';
import { keys } from '../keys';
import type { TableUse } from '../table-use';
import { hashToken } from '../../lib/token-hash';
import {
  oneTimeTokenRepository,
  recordOf,
  type MailTokenPurpose,
  type MailTokenRecord,
} from './one-time-token-repository';

/** The player's current reset generation (0 before their first reset). */
async function resetGeneration(userId: string): Promise<number> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.resetLinks(userId), ConsistentRead: true }),
  );
  return Number(Item?.['generation'] ?? 0);
}

/** Transactions of two resets of one player at the same instant may both be cancelled: try again. */
const resetAttempts = 3;

export const mailTokenRepository = {
  putMailToken: (tokenHash: string, record: MailTokenRecord) => oneTimeTokenRepository.put(tokenHash, record),

  /** A new one-time token for the record (see oneTimeTokenRepository); a password reset link carries its player's reset generation. */
  async issueOneTimeToken(
    fields: Pick<MailTokenRecord, 'purpose' | 'email' | 'user_id' | 'password_hash'>,
    lifetimeMs: number,
    now: Date,
  ): Promise<string> {
    const generation =
      fields.purpose === 'password_reset' && fields.user_id
        ? { reset_generation: await resetGeneration(fields.user_id) }
        : {};
    return oneTimeTokenRepository.issue({ ...fields, ...generation }, lifetimeMs, now);
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

  takeOneTimeToken: (token: string, purpose: MailTokenPurpose) => oneTimeTokenRepository.take(token, purpose),
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
