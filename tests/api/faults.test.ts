/**
 * Faults that DynamoDB Local does not produce: with aws-sdk-client-mock, one repository call in five
 * on the write paths (team save, guild join, quiz answer, prize claim, tournament import) is throttled, or times
 * out, either before it reaches the table or after it was written (the answer lost on the way back).
 * Each request either completes or answers 503 with Retry-After, leaving nothing half-written; a
 * client that retries until it succeeds ends with the write made exactly once. A best-effort side
 * effect that fails (the guild post after a save) leaves the action answered, and is counted.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactGetCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resetConfig } from '../../functions/src/lib/config';
import { metricsNamespace } from '../../functions/src/lib/metrics';
import type { Stack } from '../../scripts/local-stack/stack';
import { startOwnStack } from './support/own-stack';

let stack: Stack;
let token: (sub: string, groups?: string[]) => Promise<string>;
let faultsOn = false;
/** Calls whose input matches fail every time (a part of the table that is down), counted. */
let failing: RegExp | null = null;
let failed = 0;
let seed = 19;
const counts = { calls: 0, before: 0, after: 0 };

/** A fixed sequence of draws, so a failing run can be replayed. */
const draw = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};

function throttled(): Error {
  return Object.assign(new Error('Rate of requests exceeds the allowed throughput.'), {
    name: 'ProvisionedThroughputExceededException',
    $metadata: { httpStatusCode: 400 },
  });
}
const timedOut = () =>
  Object.assign(new Error('Connection timed out after 1000 ms'), { name: 'TimeoutError' });

const commands = [
  GetCommand,
  PutCommand,
  UpdateCommand,
  DeleteCommand,
  QueryCommand,
  BatchGetCommand,
  BatchWriteCommand,
  TransactGetCommand,
  TransactWriteCommand,
] as const;

/** The repositories' client: every call goes to the real table, one in five with a fault. */
async function installFaultyClient() {
  const real = DynamoDBDocumentClient.from(new DynamoDBClient({}), {
    marshallOptions: { removeUndefinedValues: true },
  });
  const faulty = DynamoDBDocumentClient.from(new DynamoDBClient({}), {
    marshallOptions: { removeUndefinedValues: true },
  });
  const mock = mockClient(faulty);
  for (const Command of commands)
    mock.on(Command as never).callsFake(async (input: object) => {
      const send = () => real.send(new (Command as unknown as new (input: object) => PutCommand)(input));
      if (failing?.test(JSON.stringify(input))) {
        failed++;
        throw throttled();
      }
      if (!faultsOn) return send();
      counts.calls++;
      const roll = draw();
      if (roll < 0.1) {
        counts.before++;
        throw draw() < 0.5 ? throttled() : timedOut();
      }
      if (roll < 0.2) {
        // Written, but the answer never came back.
        await send();
        counts.after++;
        throw timedOut();
      }
      return send();
    });
  const { setDb } = await import('../../functions/src/db/client');
  setDb(faulty);
}

interface Answer {
  status: number;
  retryAfter: string | null;
  body: Record<string, unknown>;
}

async function call(method: string, path: string, bearer: string, body?: unknown): Promise<Answer> {
  const response = await fetch(stack.url + path, {
    method,
    headers: {
      authorization: `Bearer ${bearer}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
  };
}

/**
 * Sends the request until it is answered with something other than 503, as a client honouring
 * Retry-After would; every 503 must carry Retry-After. `done` says which later answers mean the
 * write was already made by an attempt whose answer was lost (a 409 "already done").
 */
async function untilAnswered(send: () => Promise<Answer>, done: (answer: Answer) => boolean = () => false) {
  const seen: number[] = [];
  for (let attempt = 0; attempt < 40; attempt++) {
    const answer = await send();
    seen.push(answer.status);
    if (answer.status === 503) {
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
      expect(answer.body['code']).toBe('service_unavailable');
      continue;
    }
    expect(
      answer.status === 200 || answer.status === 201 || (attempt > 0 && done(answer)),
      `${seen.join(',')} ${JSON.stringify(answer.body)}`,
    ).toBe(true);
    return { answer, seen };
  }
  throw new Error(`never answered: ${seen.join(',')}`);
}

async function withFaults<T>(body: () => Promise<T>): Promise<T> {
  faultsOn = true;
  try {
    return await body();
  } finally {
    faultsOn = false;
  }
}

/**
 * Runs `send` with the functions' logs and metrics on (the suites run silent), and answers what it
 * answered with the JSON lines they wrote: log lines and embedded-metric-format lines alike.
 */
async function withLogLines<T>(
  send: () => Promise<T>,
): Promise<{ saved: T; lines: Array<Record<string, unknown>> }> {
  const written: string[] = [];
  const level = process.env['LOG_LEVEL'];
  process.env['LOG_LEVEL'] = 'info';
  resetConfig();
  const keep = (chunk: unknown) => {
    written.push(String(chunk));
    return true;
  };
  // Errors go to stderr, the rest (metrics included) to stdout.
  const spies = [
    vi.spyOn(process.stdout, 'write').mockImplementation(keep),
    vi.spyOn(process.stderr, 'write').mockImplementation(keep),
  ];
  try {
    const saved = await send();
    const lines = written
      .join('')
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    return { saved, lines };
  } finally {
    for (const spy of spies) spy.mockRestore();
    process.env['LOG_LEVEL'] = level;
    resetConfig();
  }
}

beforeAll(async () => {
  const own = await startOwnStack('faults');
  stack = own.stack;
  token = own.token;
  await installFaultyClient();
}, 120_000);

afterEach(() => {
  faultsOn = false;
  failing = null;
});

afterAll(async () => {
  console.log(
    `faults: ${counts.calls} repository calls under faults, ${counts.before} failed before the table, ${counts.after} after writing`,
  );
  await stack?.stop();
});

describe('faults on the write paths', () => {
  it('team save: every player ends with the team saved once, whatever failed on the way', async () => {
    const player = await token('sample-user-0003');
    const field = await call('GET', '/api/golf/round/4/field', player);
    expect(field.status).toBe(200);
    const eligible = (field.body['players'] as Array<{ player_id: string; eligible: boolean }>)
      .filter((p) => p.eligible)
      .map((p) => p.player_id);
    for (let i = 0; i < 8; i++) {
      const team = eligible.slice(i, i + 4);
      await withFaults(() =>
        untilAnswered(() => call('PUT', '/api/golf/round/4/team', player, { player_ids: team })),
      );
      const view = await call('GET', '/api/golf/round/4', player);
      const slots = (view.body['team'] as { slots: Array<{ player: { player_id: string } } | null> }).slots;
      expect(slots.map((slot) => slot?.player.player_id)).toEqual(team);
    }
  });

  it('a failed guild post is a counted error and the save still succeeds', async () => {
    const { guildRepository } = await import('../../functions/src/db/repositories/guild-repository');
    let member: string | undefined;
    for (let n = 4; n <= 300 && !member; n++) {
      const id = `sample-user-${String(n).padStart(4, '0')}`;
      if (await guildRepository.getMembership(id)) member = id;
    }
    const player = await token(member!);
    const field = await call('GET', '/api/golf/round/4/field', player);
    const team = (field.body['players'] as Array<{ player_id: string; eligible: boolean }>)
      .filter((p) => p.eligible)
      .slice(20, 24)
      .map((p) => p.player_id);
    failing = /GAMEPOST#|GUILD_CHAT#/;
    const { saved, lines } = await withLogLines(() =>
      call('PUT', '/api/golf/round/4/team', player, { player_ids: team }),
    );
    failing = null;
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // The post was tried and failed: the save answered and is stored all the same.
    expect(failed).toBeGreaterThan(0);
    const view = await call('GET', '/api/golf/round/4', player);
    const slots = (view.body['team'] as { slots: Array<{ player: { player_id: string } } | null> }).slots;
    expect(slots.map((slot) => slot?.player.player_id)).toEqual(team);
    // An error line names the effect, and one SideEffectFailures metric is written for the alarm.
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 'ERROR', message: 'side effect failed', effect: 'guild_team_post' }),
    );
    const metrics = lines.filter((line) => 'SideEffectFailures' in line);
    expect(metrics).toEqual([
      expect.objectContaining({
        SideEffectFailures: 1,
        effect: 'guild_team_post',
        _aws: expect.objectContaining({
          CloudWatchMetrics: [
            expect.objectContaining({
              Namespace: metricsNamespace,
              Metrics: [{ Name: 'SideEffectFailures', Unit: 'Count' }],
            }),
          ],
        }),
      }),
    ]);
  });

  it('guild join: the member count matches the members, each joined once', async () => {
    const { userRepository } = await import('../../functions/src/db/repositories/user-repository');
    const { newPlayer } = await import('../../functions/src/domain/account/account-service');
    const complete = { status: 'complete', is_accepted_policy: true, is_registed_email: true } as const;
    await userRepository.createUserIfAbsent(newPlayer('fault-owner', new Date(), complete));
    const owner = await token('fault-owner');
    const created = await call('POST', '/api/golf/guild/create', owner, {
      name: '障害テスト',
      comment: '',
      entry_type: 1,
      is_public: true,
    });
    expect(created.status).toBe(200);
    const guildId = created.body['guild_id'] as string;
    const joiners = await Promise.all(Array.from({ length: 12 }, (_, i) => token(`fault-joiner-${i}`)));
    for (let i = 0; i < joiners.length; i++)
      await userRepository.createUserIfAbsent(newPlayer(`fault-joiner-${i}`, new Date(), complete));
    const before = (await call('GET', `/api/golf/guild/${guildId}/member`, owner)).body[
      'number_of_member'
    ] as number;
    await withFaults(() =>
      Promise.all(
        joiners.map((joiner) =>
          untilAnswered(
            () => call('POST', `/api/golf/guild/${guildId}/join`, joiner),
            (answer) => answer.status === 409 && String(answer.body['message']).includes('すでにこのギルド'),
          ),
        ),
      ),
    );
    const members = await call('GET', `/api/golf/guild/${guildId}/member`, owner);
    const list = members.body['members'] as unknown[];
    expect(list).toHaveLength(before + joiners.length);
    expect(members.body['number_of_member']).toBe(list.length);
    const shown = await call('GET', `/api/golf/guild/${guildId}/show`, owner);
    expect(shown.body['number_of_member']).toBe(list.length);
  });

  it('quiz answer: one answer recorded per question, even when the first answer’s reply was lost', async () => {
    const player = await token('sample-user-0005');
    const started = await untilAnswered(() => call('POST', '/api/golf/quiz/start', player));
    let active = started.answer.body as {
      attempt_id: string;
      quiz: { id: string; golf_quiz_choices: Array<{ id: string }> };
    };
    for (let n = 1; n <= 5; n++) {
      const body = {
        attempt_id: active.attempt_id,
        quiz_id: active.quiz.id,
        choice_id: active.quiz.golf_quiz_choices[0]!.id,
      };
      await withFaults(() =>
        untilAnswered(
          () => call('POST', '/api/golf/user_golf_quiz_answer/answer', player, body),
          // A lost answer to the last question finished the attempt: a retry finds it over.
          (answer) =>
            answer.status === 409 &&
            (String(answer.body['message']).includes('すでに回答') ||
              (n === 5 && String(answer.body['message']).includes('すでに終了'))),
        ),
      );
      if (n < 5) active = (await call('GET', '/api/golf/quiz', player)).body as typeof active;
    }
    const answered = await call('GET', '/api/golf/user_golf_quiz_answer/answered?round=4', player);
    const answers = answered.body['user_answers'] as Array<{ number: number }>;
    expect(answers.map((a) => a.number)).toEqual([1, 2, 3, 4, 5]);
  });

  it('prize claim: the winner’s claim is stored once, a retry after a lost answer is told it is done', async () => {
    const { prizeRepository } = await import('../../functions/src/db/repositories/prize-repository');
    const { prizeDrawRepository } = await import('../../functions/src/db/repositories/prize-draw-repository');
    let claim: { prizeId: string; winner: string } | undefined;
    for (const prize of await prizeRepository.listByKind('entry')) {
      const winner = (await prizeDrawRepository.getPrizeDraw(prize.id))?.winners[0];
      if (winner) claim = { prizeId: prize.id, winner };
      if (claim) break;
    }
    expect(claim).toBeDefined();
    const { prizeId, winner } = claim!;
    const player = await token(winner);
    const body = {
      id: prizeId,
      email: 'fault-winner@example.com',
      email_confirmation: 'fault-winner@example.com',
    };
    await withFaults(() =>
      untilAnswered(
        () => call('POST', '/api/golf/user_golf_game_prize', player, body),
        (answer) => answer.status === 409,
      ),
    );
    expect((await prizeDrawRepository.getPrizeWin(winner, prizeId))?.claim_email).toBe(
      'fault-winner@example.com',
    );
  });

  it('tournament import: stored whole, and importing it again changes nothing', async () => {
    const operator = await token('fault-operator', ['operators']);
    const { userRepository } = await import('../../functions/src/db/repositories/user-repository');
    const { newPlayer } = await import('../../functions/src/domain/account/account-service');
    await userRepository.createUserIfAbsent(newPlayer('fault-operator', new Date(), { status: 'complete' }));
    const file = JSON.parse(
      readFileSync(join(import.meta.dirname, '../../docs/examples/tournament.json'), 'utf8'),
    ) as {
      game_global_id: string;
      field: unknown[];
    };
    const tournament = { ...file, game_global_id: 'fault-2026-91' };
    const body = { format: 'json', content: JSON.stringify(tournament) };
    await withFaults(() => untilAnswered(() => call('POST', '/api/golf/ops/tournament', operator, body)));
    const again = await call('POST', '/api/golf/ops/tournament', operator, body);
    expect(again.status).toBe(200);
    expect(again.body['changed']).toBe(0);
    const { tournamentRepository } =
      await import('../../functions/src/db/repositories/tournament-repository');
    expect(await tournamentRepository.get('fault-2026-91')).toBeDefined();
    expect(await tournamentRepository.field('fault-2026-91')).toHaveLength(file.field.length);
  });
});
