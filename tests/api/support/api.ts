import { inject } from 'vitest';
import { resetConfig } from '@golf/functions/lib/config';
import { setDb } from '@golf/functions/db/client';
import { signLocalAccessToken } from '@golf/functions/lib/local-issuer';
import { userRepository } from '@golf/functions/db/repositories/user-repository';
import { newPlayer } from '@golf/functions/domain/account/account-service';
import { operatorSessionToken } from '#scripts/test-support/operator-session';

const baseUrl = inject('apiUrl');
for (const [name, value] of Object.entries(inject('stackEnv'))) process.env[name] = value;
process.env['LOG_LEVEL'] = 'silent';
resetConfig();
setDb(undefined);

export interface ApiResult<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

/**
 * Calls the local API as the browser does; `token` sends a Bearer header. `stackUrl` calls another
 * stack than the suite's (a file's own, tests/api/support/own-stack.ts).
 */
export async function api<T = unknown>(
  method: string,
  path: string,
  options: {
    body?: unknown;
    rawBody?: string;
    token?: string;
    headers?: Record<string, string>;
    stackUrl?: string;
  } = {},
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.token) headers['authorization'] = `Bearer ${options.token}`;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await fetch((options.stackUrl ?? baseUrl) + path, { method, headers, body });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: (text ? JSON.parse(text) : undefined) as T,
  };
}

/**
 * A token for `userId`. By default the id is a player who finished sign-up (a record is written when
 * there is none), as the players' routes require; `{ player: false }` signs a bare token of an id with
 * no record.
 */
export async function tokenFor(
  userId: string,
  groups: string[] = [],
  options: { player?: boolean } = {},
): Promise<string> {
  if (options.player !== false)
    await userRepository.createUserIfAbsent(
      newPlayer(userId, new Date(), {
        status: 'complete',
        is_accepted_policy: true,
        is_registed_email: true,
      }),
    );
  // An operator's session as after its authenticator app's code (the operator routes want one).
  if (groups.includes('operators')) return operatorSessionToken(userId);
  return (await signLocalAccessToken({ sub: userId, groups })).token;
}

export { baseUrl };
