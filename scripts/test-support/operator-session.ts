import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { hashPassword } from '../../functions/src/adapters/identity/password';
import { totpCode } from '../../functions/src/adapters/identity/totp';
import { db, tableName } from '../../functions/src/db/client';
import { loginItem, userRepository } from '../../functions/src/db/repositories/user-repository';
import { signLocalAccessToken } from '../../functions/src/lib/local-issuer';

/**
 * An operator's token as after a sign-in with the authenticator app's code: the local issuer's token
 * in the operators' group, and its session's second factor recorded in the table this process
 * points at. The sign-in itself is tried in tests/api/operator-totp.test.ts and the console's
 * journeys (tests/e2e/support/ops.ts); the other tests of operator routes start from here.
 */
export async function operatorSessionToken(sub: string): Promise<string> {
  const { token, tokenId, expiresAt } = await signLocalAccessToken({ sub, groups: ['operators'] });
  await userRepository.recordSecondFactor(sub, tokenId, Math.floor(expiresAt.getTime() / 1000));
  return token;
}

/**
 * An operator who signs in as a person does, once: a login (address, password, the operators' group)
 * written for an existing player, then through the API at `url` the password (whose answer asks for
 * the authenticator app), the app's secret, and a code of it. Answers the session's token, which the
 * operator routes accept, and the secret for later codes.
 */
export async function enrolledOperator(
  url: string,
  userId: string,
): Promise<{ token: string; secret: string; email: string; password: string }> {
  const email = `${userId}@example.com`.toLowerCase();
  const password = 'ops-enrolled-1';
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: loginItem({
        email,
        user_id: userId,
        password_hash: await hashPassword(password),
        groups: ['operators'],
      }),
    }),
  );
  const call = async <T>(path: string, body: unknown, token?: string): Promise<T> => {
    const response = await fetch(new URL(path, url), {
      method: 'POST',
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  };
  const signedIn = await call<{ access_token: string; totp_setup_required?: boolean }>('/api/auth/token', {
    email,
    password,
  });
  if (!signedIn.totp_setup_required)
    throw new Error(`${email} was not asked to set up its authenticator app`);
  const { secret } = await call<{ secret: string }>('/api/auth/totp/setup', {}, signedIn.access_token);
  await call('/api/auth/totp/verify', { code: totpCode(secret, new Date()) }, signedIn.access_token);
  return { token: signedIn.access_token, secret, email, password };
}
