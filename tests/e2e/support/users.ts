import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '@golf/functions/db/client';
import { userItem, type UserRecord } from '@golf/functions/db/repositories/user-repository';
import { signLocalAccessToken } from '@golf/functions/lib/local-issuer';

/**
 * A registered player (e-mail, policy accepted, profile complete) written straight into the table of
 * the stack this process points at, with a token for the `token` cookie.
 */
export async function createPlayer(
  userId: string,
  overrides: Partial<UserRecord> = {},
): Promise<{ userId: string; token: string }> {
  const at = new Date().toISOString();
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: userItem({
        user_id: userId,
        email: `${userId}@example.com`,
        nickname: 'テストプレーヤー',
        gender: 1,
        age: 3,
        address: 13,
        golf_play_history: 2,
        profile_img_key: null,
        is_copy_next_round: false,
        tutorial_flg: true,
        is_registed_email: true,
        is_accepted_policy: true,
        status: 'complete',
        created_at: at,
        updated_at: at,
        ...overrides,
      }),
    }),
  );
  return { userId, token: (await signLocalAccessToken({ sub: userId })).token };
}
