import { inject } from 'vitest';
import type { Stack, StackOptions } from '#scripts/local-stack/stack';
import type { FieldEntryRecord, TournamentRecord } from '@golf/shared/schedule/tournament-record';
import type { PlayerProfileRecord } from '@golf/functions/db/repositories/player-repository';
import { seedTemplateVariable } from '#scripts/local-stack/seed-template';

/**
 * A stack of this test file's own, on a table of its own, served from this worker: what it compares
 * or mocks is not touched by the files that run at the same time. Seeded, it runs emulators of its
 * own on a copy of the suite's seeded season (the seed template the global setup names); with
 * `seed: false`, it reuses the suite's DynamoDB Local and s3rver (their endpoints come from the
 * suite's environment).
 */
export async function startOwnStack(
  name: string,
  options: StackOptions = {},
): Promise<{ stack: Stack; table: string; token: (sub: string, groups?: string[]) => Promise<string> }> {
  for (const [key, value] of Object.entries(inject('stackEnv'))) process.env[key] = value;
  process.env['TABLE_NAME'] = `golf-${name}-${Date.now().toString(36)}`;
  process.env['LOG_LEVEL'] = 'silent';
  const { startStack } = await import('#scripts/local-stack/stack');
  const stack = await startStack({
    port: 0,
    dataDir: null,
    spaDir: null,
    quiet: true,
    seed: true,
    seedTemplate: process.env[seedTemplateVariable],
    ...options,
  });
  const { signLocalAccessToken } = await import('@golf/functions/lib/local-issuer');
  const { operatorSessionToken } = await import('#scripts/test-support/operator-session');
  const token = async (sub: string, groups: string[] = []) =>
    groups.includes('operators')
      ? operatorSessionToken(sub)
      : (await signLocalAccessToken({ sub, groups })).token;
  return { stack, table: stack.env['TABLE_NAME']!, token };
}

/**
 * A player who finished sign-up, registered at the game clock's instant on the own stack's table
 * (nickname: the id, e-mail: `{id}@example.com`), with the carry-over setting given.
 */
export async function registerPlayer(userId: string, options: { copyNextRound: boolean }): Promise<void> {
  const { nowMs } = await import('@golf/functions/lib/clock');
  const { userRepository } = await import('@golf/functions/db/repositories/user-repository');
  const { newPlayer } = await import('@golf/functions/domain/account/account-service');
  await userRepository.createUserIfAbsent(
    newPlayer(userId, new Date(nowMs()), {
      status: 'complete',
      is_accepted_policy: true,
      is_registed_email: true,
      email: `${userId}@example.com`,
      nickname: userId,
      is_copy_next_round: options.copyNextRound,
    }),
  );
}

/**
 * Calls the own stack as a signed-in user (`operator`: in the operators group), the body as JSON;
 * answers the status and the parsed body.
 */
export function callerOf(own: { stack: Stack; token: (sub: string, groups?: string[]) => Promise<string> }) {
  return async <T>(method: string, path: string, as: string, body?: unknown, operator = false) => {
    const response = await fetch(own.stack.url + path, {
      method,
      headers: {
        accept: 'application/json',
        authorization: `Bearer ${await own.token(as, operator ? ['operators'] : [])}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
  };
}

/** A test tournament published on the own stack's table, with its field and the players' profiles. */
export async function publishTournament(fixture: {
  record: TournamentRecord;
  field: FieldEntryRecord[];
  profiles: PlayerProfileRecord[];
}): Promise<void> {
  const { batchWriteAll } = await import('@golf/functions/db/batch-write');
  const { storedTournamentItems, fieldEntryItem } =
    await import('@golf/functions/db/repositories/tournament-repository');
  const { playerProfileItem } = await import('@golf/functions/db/repositories/player-repository');
  await batchWriteAll([
    ...storedTournamentItems({ ...fixture.record, published: true }, fixture.field),
    ...fixture.field.map(fieldEntryItem),
    ...fixture.profiles.map(playerProfileItem),
  ]);
}
