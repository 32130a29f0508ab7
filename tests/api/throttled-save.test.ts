/**
 * A team save the table refuses for capacity (docs/adr/0018-judged-by-first-arrival.md): the local
 * stack's fault hook (`POST /dev/faults`) ends the next team-save transactions as DynamoDB ends a
 * throttled one. The save answers 503 with Retry-After and an arrival receipt and stores nothing;
 * sent again with its receipt, it is judged at its first arrival, and nothing else is. A save sent
 * twice with one Idempotency-Key is applied once. On a stack of the file's own, whose game clock
 * the test moves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stack } from '../../scripts/local-stack/stack';
import { setClockTo } from '../../functions/src/lib/clock';
import { teamRepository } from '../../functions/src/db/repositories/team-repository';
import { arrivalReceiptHeader, idempotencyKeyHeader } from '../../shared/src/team-save-headers';
import { moveClockTo, resetClock } from './support/clock';
import { openFixture } from './support/game-fixtures';
import { publishTournament, registerPlayer, startOwnStack } from './support/own-stack';

const hour = 3600_000;
const day = 24 * hour;
const firstDeadline = Date.parse('2026-09-03T06:30:00+09:00');
const deadlineOf = (round: number) => firstDeadline + (round - 1) * day;
const { id: gid, record, field, profiles, playerIds } = openFixture('throttled-save', 2026, deadlineOf);
const lineUpA = playerIds.slice(0, 4);
const lineUpB = playerIds.slice(4, 8);

let own: Awaited<ReturnType<typeof startOwnStack>>;
let stack: Stack;

interface Answer {
  status: number;
  code?: string;
  retryAfter: string | null;
  receipt: string | null;
}

async function saveTeam(
  user: string,
  round: number,
  players: string[],
  headers: Record<string, string> = {},
): Promise<Answer> {
  const response = await fetch(`${stack.url}/api/golf/round/${round}/team`, {
    method: 'PUT',
    headers: {
      accept: 'application/json',
      'content-type': 'application/json',
      authorization: `Bearer ${await own.token(user)}`,
      ...headers,
    },
    body: JSON.stringify({ game_global_id: gid, player_ids: players }),
  });
  const body = (await response.json()) as { code?: string };
  return {
    status: response.status,
    ...(body.code ? { code: body.code } : {}),
    retryAfter: response.headers.get('retry-after'),
    receipt: response.headers.get(arrivalReceiptHeader),
  };
}

/** Throttles the next `count` team-save transactions (the local stack's fault hook). */
async function throttleTeamSaves(count: number): Promise<number> {
  const response = await fetch(`${stack.url}/dev/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ throttle_team_saves: count }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { throttle_team_saves: number }).throttle_team_saves;
}

const throttlesLeft = async () =>
  ((await (await fetch(`${stack.url}/dev/faults`)).json()) as { throttle_team_saves: number })
    .throttle_team_saves;

/** The first arrival a receipt states (its claims are readable; only the signature is secret). */
const arrivalOf = (receipt: string): number =>
  (JSON.parse(Buffer.from(receipt.split('.')[1]!, 'base64url').toString('utf8')) as { at: number }).at;

const stored = (user: string, round = 1) => teamRepository.get(gid, round, user);

/** A save throttled now: its 503 and the receipt it carries. */
async function throttledSave(user: string, round: number, players: string[]): Promise<string> {
  await throttleTeamSaves(1);
  const answer = await saveTeam(user, round, players);
  expect(answer).toMatchObject({ status: 503, code: 'service_unavailable', retryAfter: '1' });
  expect(answer.receipt).toMatch(/^v1\./);
  return answer.receipt!;
}

beforeAll(async () => {
  own = await startOwnStack('throttled-save', { seed: false, clock: new Date(deadlineOf(1) - hour) });
  stack = own.stack;
  await publishTournament({ record, field, profiles });
  for (const user of ['ts-a', 'ts-b', 'ts-c', 'ts-late', 'ts-key'])
    await registerPlayer(user, { copyNextRound: false });
}, 120_000);

afterAll(async () => {
  await throttleTeamSaves(0);
  await stack?.stop();
  resetClock();
});

describe('a team save throttled by the table', () => {
  it('answers 503 with Retry-After and an arrival receipt, and leaves the stored team as it was', async () => {
    setClockTo(new Date(deadlineOf(1) - 2 * 60_000));
    expect((await saveTeam('ts-b', 1, lineUpA)).status).toBe(200);
    const before = await stored('ts-b');
    await throttledSave('ts-b', 1, lineUpB);
    expect(await throttlesLeft()).toBe(0);
    expect(await stored('ts-b')).toEqual(before);
  });

  it('throttled 0.5 s before the deadline and sent again 2 s after it with its receipt, the save is stored; without it, or with a receipt of another body, user or round, or an expired one, it is refused', async () => {
    const arrival = deadlineOf(1) - 500;
    setClockTo(new Date(arrival));
    const receipt = await throttledSave('ts-a', 1, lineUpA);
    const otherBody = await throttledSave('ts-a', 1, lineUpB);
    const otherRound = await throttledSave('ts-a', 2, lineUpA);
    const forC = await throttledSave('ts-c', 1, lineUpA);
    expect(await stored('ts-a')).toBeUndefined();

    // The scheduled jobs run as the clock passes the deadline; the settlement waits its grace.
    await moveClockTo(new Date(deadlineOf(1) + 2000));
    const refused = { status: 409, code: 'deadline_passed', receipt: null };
    expect(await saveTeam('ts-a', 1, lineUpA)).toMatchObject(refused);
    expect(await saveTeam('ts-a', 1, lineUpA, { [arrivalReceiptHeader]: otherBody })).toMatchObject(refused);
    expect(await saveTeam('ts-a', 1, lineUpA, { [arrivalReceiptHeader]: otherRound })).toMatchObject(refused);
    expect(await saveTeam('ts-b', 1, lineUpA, { [arrivalReceiptHeader]: receipt })).toMatchObject(refused);
    expect(await saveTeam('ts-a', 1, lineUpA, { [arrivalReceiptHeader]: `${receipt}x` })).toMatchObject(
      refused,
    );
    expect(await stored('ts-a')).toBeUndefined();

    expect(await saveTeam('ts-a', 1, lineUpA, { [arrivalReceiptHeader]: receipt })).toMatchObject({
      status: 200,
    });
    const saved = await stored('ts-a');
    expect(saved?.picks.map((pick) => pick.player_id)).toEqual(lineUpA);
    expect(saved?.version).toBe(1);
    // Saved as of its first arrival, before the deadline.
    expect(saved?.last_saved_at).toBe(new Date(arrivalOf(receipt)).toISOString());
    expect(arrivalOf(receipt)).toBeLessThan(deadlineOf(1));

    // 30 s after its first arrival, a receipt is no longer honoured.
    setClockTo(new Date(arrivalOf(forC) + 30_001));
    expect(await saveTeam('ts-c', 1, lineUpA, { [arrivalReceiptHeader]: forC })).toMatchObject(refused);
    expect(await stored('ts-c')).toBeUndefined();
  });

  it('a save first sent after the deadline is refused and given no receipt, even with the table throttled', async () => {
    setClockTo(new Date(deadlineOf(1) + 1000));
    await throttleTeamSaves(1);
    expect(await saveTeam('ts-late', 1, lineUpA)).toMatchObject({
      status: 409,
      code: 'deadline_passed',
      receipt: null,
    });
    // Refused before its write: the throttle is still waiting for a save.
    expect(await throttlesLeft()).toBe(1);
    await throttleTeamSaves(0);
  });
});

describe('a team save sent again with its Idempotency-Key', () => {
  it('is applied once, whether the copies arrive together or one after another, and each answers as the first', async () => {
    setClockTo(new Date(deadlineOf(2) - hour));
    const key = { [idempotencyKeyHeader]: 'save-key-0000000001' };
    const together = await Promise.all([
      saveTeam('ts-key', 2, lineUpA, key),
      saveTeam('ts-key', 2, lineUpA, key),
    ]);
    expect(together.map((answer) => answer.status)).toEqual([200, 200]);
    expect((await stored('ts-key', 2))?.version).toBe(1);

    // A later save, sent again as if its answer were lost: answered without a second write.
    const next = { [idempotencyKeyHeader]: 'save-key-0000000002' };
    expect((await saveTeam('ts-key', 2, lineUpB, next)).status).toBe(200);
    expect((await saveTeam('ts-key', 2, lineUpB, next)).status).toBe(200);
    const saved = await stored('ts-key', 2);
    expect(saved?.version).toBe(2);
    expect(saved?.picks.map((pick) => pick.player_id)).toEqual(lineUpB);
  });
});
