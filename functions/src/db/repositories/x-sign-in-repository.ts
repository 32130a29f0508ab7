import { randomBytes } from 'node:crypto';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { unlessRefused } from '../conditions';
import { db, tableName } from '../client';
import { keys } from '../keys';
import { hashToken } from './mail-token-repository';
import type { TableUse } from '../table-use';

/**
 * The steps of a sign-in through the X bridge, each kept under a one-time token until it is used:
 * `authorize` (Cognito's request and the PKCE verifier, while the player is at X, under the state
 * sent to X) and `code` (who signed in, under the code given to Cognito). As for mailed links, only
 * the token's SHA-256 is stored, and taking a step deletes it, so each token works once.
 */
export type XSignInStep = 'authorize' | 'code';

export const xSignInRepository = {
  async put(step: XSignInStep, data: Record<string, string>, lifetimeMs: number, now: Date): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = now.getTime() + lifetimeMs;
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.xSignIn(hashToken(token)),
          entity: 'x_sign_in',
          step,
          data,
          expires_at: new Date(expiresAt).toISOString(),
          expiresAt: Math.ceil(expiresAt / 1000),
        },
      }),
    );
    return token;
  },

  /** The step's data, used up; null when unknown, already used, for another step, or expired. */
  async take(token: string, step: XSignInStep, now: Date): Promise<Record<string, string> | null> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
    const deleted = await unlessRefused(
      db().send(
        new DeleteCommand({
          TableName: tableName(),
          Key: keys.xSignIn(hashToken(token)),
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
    put: { write: ['XSIGNIN#'] },
    take: { write: ['XSIGNIN#'] },
  },
} satisfies TableUse<{ xSignInRepository: typeof xSignInRepository }>;
