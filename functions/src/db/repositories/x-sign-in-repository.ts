import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { conditionHeld, unlessRefused } from '../conditions';
import { db, tableName } from '../client';
import { keys } from '../keys';
import { hashToken } from '../../lib/token-hash';
import type { TableUse } from '../table-use';

/**
 * The one-time codes the X bridge gives Cognito once X has said who signed in, each kept under the
 * SHA-256 of the code until Cognito takes it (or its lifetime ends). Taking a code deletes it, so
 * each works once; keeping a code already kept is refused, so a sign-in's callback works once.
 * (While the player is at X, the bridge keeps nothing: its state travels signed through X.)
 */
const step = 'code';
const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

export const xSignInRepository = {
  /** Keeps the code's data; false when that code is kept already (its callback came again). */
  async keep(code: string, data: Record<string, string>, lifetimeMs: number, now: Date): Promise<boolean> {
    const expiresAt = now.getTime() + lifetimeMs;
    return conditionHeld(
      db().send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            ...keys.xSignIn(hashToken(code)),
            entity: 'x_sign_in',
            step,
            data,
            expires_at: new Date(expiresAt).toISOString(),
            expiresAt: Math.ceil(expiresAt / 1000),
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        }),
      ),
    );
  },

  /** Whether the code is kept (its sign-in reached the bridge's callback before). */
  async isKept(code: string): Promise<boolean> {
    if (!tokenPattern.test(code)) return false;
    const { Item } = await db().send(
      new GetCommand({ TableName: tableName(), Key: keys.xSignIn(hashToken(code)), ConsistentRead: true }),
    );
    return Item !== undefined;
  },

  /** The code's data, used up; null when unknown, already used, or expired. */
  async take(code: string, now: Date): Promise<Record<string, string> | null> {
    if (!tokenPattern.test(code)) return null;
    const deleted = await unlessRefused(
      db().send(
        new DeleteCommand({
          TableName: tableName(),
          Key: keys.xSignIn(hashToken(code)),
          ConditionExpression: 'attribute_exists(PK) AND step = :step',
          ExpressionAttributeValues: { ':step': step },
          ReturnValues: 'ALL_OLD',
        }),
      ),
      null,
    );
    const item = deleted?.Attributes as { data?: Record<string, string>; expires_at?: string } | undefined;
    if (!item?.data || !item.expires_at || Date.parse(item.expires_at) <= now.getTime()) return null;
    return item.data;
  },
};

/** The partitions each function reads, writes and queries by index (functions/src/db/table-use.ts). */
export const tableUse = {
  xSignInRepository: {
    keep: { write: ['XSIGNIN#'] },
    isKept: { read: ['XSIGNIN#'] },
    take: { write: ['XSIGNIN#'] },
  },
} satisfies TableUse<{ xSignInRepository: typeof xSignInRepository }>;
