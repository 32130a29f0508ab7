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

/** POSTs JSON to the API at `url`; throws on a refusal. */
async function post<T>(url: string, path: string, body: unknown, token?: string): Promise<T> {
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
}

/**
 * A login (address, password, the operators' group) written for an existing player, as
 * `create-operator` leaves one: no authenticator app yet.
 */
export async function operatorLogin(userId: string): Promise<{ email: string; password: string }> {
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
  return { email, password };
}

/**
 * An operator without an authenticator app yet (`operatorLogin`), signed in through the API at
 * `url` with the password, whose answer asks for the app. Answers that session's token, which no
 * operator route accepts.
 */
export async function passwordOnlyOperator(
  url: string,
  userId: string,
): Promise<{ token: string; email: string; password: string }> {
  const { email, password } = await operatorLogin(userId);
  const signedIn = await post<{ access_token: string; totp_setup_required?: boolean }>(
    url,
    '/api/auth/token',
    { email, password },
  );
  if (!signedIn.totp_setup_required)
    throw new Error(`${email} was not asked to set up its authenticator app`);
  return { token: signedIn.access_token, email, password };
}

/**
 * An operator who signs in as a person does, once: the password (`passwordOnlyOperator`), then the
 * authenticator app's secret and a code of it. Answers the session's token, which the operator
 * routes accept, and the secret for later codes.
 */
export async function enrolledOperator(
  url: string,
  userId: string,
): Promise<{ token: string; secret: string; email: string; password: string }> {
  const signedIn = await passwordOnlyOperator(url, userId);
  const { secret } = await post<{ secret: string }>(url, '/api/auth/totp/setup', {}, signedIn.token);
  await post(url, '/api/auth/totp/verify', { code: totpCode(secret, new Date()) }, signedIn.token);
  return { ...signedIn, secret };
}
