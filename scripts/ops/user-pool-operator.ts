/**
 * `npm run ops -- create-operator <email> --user-pool-id <id>`: the first operator of a deployment,
 * made with the deployer's AWS credentials (no operator exists yet to call the API). The player must
 * have registered by e-mail and confirmed the address; the pool user's name is their player id.
 * Needs `cognito-idp:ListUsers`, `AdminListGroupsForUser` and `AdminAddUserToGroup` on the pool.
 */
import {
  AdminAddUserToGroupCommand,
  AdminListGroupsForUserCommand,
  AdminSetUserMFAPreferenceCommand,
  CognitoIdentityProviderClient,
  ListUsersCommand,
  type UserType,
} from '@aws-sdk/client-cognito-identity-provider';

const OPERATOR_GROUP = 'operators';

/** The region a user pool id names (`ap-northeast-1_AbC123` → `ap-northeast-1`). */
export function userPoolRegion(poolId: string): string {
  const match = /^([a-z]{2}(?:-[a-z]+)+-\d+)_[0-9A-Za-z]+$/.exec(poolId);
  if (!match)
    throw new Error(`ユーザープールIDの形式ではありません：${poolId}（例 ap-northeast-1_AbCdEf123）`);
  return match[1]!;
}

/** The pool's own user who registered this address by e-mail and confirmed it (not a provider's). */
export function registeredByEmail(users: readonly UserType[], email: string): string | null {
  const address = email.toLowerCase();
  const attribute = (user: UserType, name: string) => user.Attributes?.find((a) => a.Name === name)?.Value;
  const found = users.filter(
    (user) =>
      user.UserStatus !== 'EXTERNAL_PROVIDER' &&
      attribute(user, 'email')?.toLowerCase() === address &&
      attribute(user, 'email_verified') === 'true',
  );
  return found.length === 1 ? (found[0]!.Username ?? null) : null;
}

/** The pool's own user who registered this address by e-mail, or a clear error. */
async function registeredUser(client: CognitoIdentityProviderClient, poolId: string, email: string) {
  const { Users = [] } = await client.send(
    new ListUsersCommand({
      UserPoolId: poolId,
      Filter: `email = ${JSON.stringify(email.toLowerCase())}`,
      Limit: 20,
    }),
  );
  const username = registeredByEmail(Users, email);
  if (!username)
    throw new Error(
      `このメールアドレスで登録し、確認を終えたプレイヤーはユーザープールにいません：${email}（先にメールアドレスで会員登録してください）`,
    );
  return username;
}

/**
 * `npm run ops -- reset-operator-mfa <email> --user-pool-id <id>`: an operator's authenticator app
 * removed with the deployer's AWS credentials, when no other operator can sign in to do it through
 * the console's API (which also ends the operator's sessions). Needs `ListUsers` and
 * `AdminSetUserMFAPreference` on the pool.
 */
export async function resetOperatorMfaInUserPool(
  poolId: string,
  email: string,
  client = new CognitoIdentityProviderClient({ region: userPoolRegion(poolId) }),
): Promise<{ user_id: string; email: string }> {
  const username = await registeredUser(client, poolId, email);
  await client.send(
    new AdminSetUserMFAPreferenceCommand({
      UserPoolId: poolId,
      Username: username,
      SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
    }),
  );
  return { user_id: username, email };
}

export async function addOperatorInUserPool(
  poolId: string,
  email: string,
  client = new CognitoIdentityProviderClient({ region: userPoolRegion(poolId) }),
): Promise<{ user_id: string; email: string; already_done: boolean }> {
  const username = await registeredUser(client, poolId, email);
  const { Groups = [] } = await client.send(
    new AdminListGroupsForUserCommand({ UserPoolId: poolId, Username: username }),
  );
  if (Groups.some((group) => group.GroupName === OPERATOR_GROUP))
    return { user_id: username, email, already_done: true };
  await client.send(
    new AdminAddUserToGroupCommand({ UserPoolId: poolId, Username: username, GroupName: OPERATOR_GROUP }),
  );
  return { user_id: username, email, already_done: false };
}
