import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { UserStatus } from '@golf/shared/schemas/account';
import { db, tableName } from '../client';
import { fromItem } from '../item';
import { keys } from '../keys';

export interface UserRecord {
  user_id: string;
  email: string | null;
  nickname: string | null;
  gender: number | null;
  age: number | null;
  address: number | null;
  golf_play_history: number | null;
  profile_img_key: string | null;
  is_copy_next_round: boolean;
  tutorial_flg: boolean;
  is_registed_email: boolean;
  is_accepted_policy: boolean;
  status: UserStatus;
  created_at: string;
  updated_at: string;
}

export interface LoginRecord {
  email: string;
  user_id: string;
  password_hash: string;
  groups: string[];
}

export const userItem = (record: UserRecord) => ({
  ...keys.userProfile(record.user_id),
  entity: 'user',
  ...record,
});
export const loginItem = (record: LoginRecord) => ({
  ...keys.login(record.email),
  entity: 'login',
  ...record,
});

export async function getUser(userId: string): Promise<UserRecord | null> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.userProfile(userId) }));
  return Item && Item['entity'] === 'user' ? fromItem<UserRecord>(Item) : null;
}

export async function getLogin(email: string): Promise<LoginRecord | null> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.login(email) }));
  return Item ? fromItem<LoginRecord>(Item) : null;
}

/** Writes a new user unless one with that id exists (two first sign-ins at once); returns the stored one. */
export async function createUserIfAbsent(record: UserRecord): Promise<UserRecord> {
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: userItem(record),
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
    return record;
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    const existing = await getUser(record.user_id);
    if (!existing) throw error;
    return existing;
  }
}

/** Signs a token out until it would have expired anyway. */
export async function revokeToken(tokenId: string, expiresAt: number): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.revokedToken(tokenId), entity: 'revoked', expiresAt },
    }),
  );
}

/** One GetItem on the auth path. */
export async function isTokenRevoked(tokenId: string): Promise<boolean> {
  if (!tokenId) return false;
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.revokedToken(tokenId), ProjectionExpression: 'PK' }),
  );
  return Boolean(Item);
}

export async function updateUserFields(
  userId: string,
  fields: Partial<Omit<UserRecord, 'user_id' | 'created_at'>>,
  now: Date,
): Promise<UserRecord | null> {
  const entries = Object.entries({ ...fields, updated_at: now.toISOString() });
  try {
    const { Attributes } = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.userProfile(userId),
        UpdateExpression: 'SET ' + entries.map((_, i) => `#f${i} = :v${i}`).join(', '),
        ConditionExpression: 'entity = :user',
        ExpressionAttributeNames: Object.fromEntries(entries.map(([name], i) => [`#f${i}`, name])),
        ExpressionAttributeValues: {
          ':user': 'user',
          ...Object.fromEntries(entries.map(([, value], i) => [`:v${i}`, value])),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes ? fromItem<UserRecord>(Attributes) : null;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return null;
    throw error;
  }
}
