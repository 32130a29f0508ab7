/**
 * Two tournaments in progress side by side: the scheduled settlement settles every tournament whose
 * round deadline has passed, not only the one the game features, so an operator can mark the other
 * one's round final without running the carry-over by hand. The game clock is moved with the jobs
 * run as the schedule runs them (`moveClockTo`), on a stack of the file's own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stack } from '../../scripts/local-stack/stack';
import { moveClockTo, resetClock } from './support/clock';
import { openFixture } from './support/game-fixtures';
import { registerPlayer, startOwnStack } from './support/own-stack';

const hour = 3600_000;
const day = 24 * hour;
/** The featured tournament starts first; the other starts a day later, its deadlines two hours after. */
const firstDeadline = Date.parse('2026-09-03T06:30:00+09:00');
const featured = openFixture('every-settle-a', 2026, (round) => firstDeadline + (round - 1) * day);
const beside = openFixture('every-settle-b', 2026, (round) => firstDeadline + round * day + 2 * hour);
const deadlineOf = (tournament: typeof featured, round: number) =>
  Date.parse(tournament.record.rounds[round - 1]!.deadline_at);

let stack: Stack;
let token: (sub: string, groups?: string[]) => Promise<string>;

async function call<T>(method: string, path: string, as: string, body: unknown, operator = false) {
  const response = await fetch(stack.url + path, {
    method,
    headers: {
      accept: 'application/json',
      authorization: `Bearer ${await token(as, operator ? ['operators'] : [])}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}
const ops = (path: string, body: unknown) => call('POST', path, 'es-operator', body, true);

beforeAll(async () => {
  ({ stack, token } = await startOwnStack('every-settle', {
    seed: false,
    clock: new Date(firstDeadline - 2 * hour),
  }));
  const { batchWriteAll } = await import('../../functions/src/db/batch-write');
  const { storedTournamentItems, fieldEntryItem } =
    await import('../../functions/src/db/repositories/tournament-repository');
  const { playerProfileItem } = await import('../../functions/src/db/repositories/player-repository');
  await batchWriteAll(
    [featured, beside].flatMap(({ record, field, profiles }) => [
      ...storedTournamentItems({ ...record, published: true }, field),
      ...field.map(fieldEntryItem),
      ...profiles.map(playerProfileItem),
    ]),
  );
  await registerPlayer('es-copier', { copyNextRound: true });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  resetClock();
});

describe('two tournaments in progress', () => {
  it('the scheduled settlement settles every tournament whose deadline has passed', async () => {
    const { tournamentRepository } =
      await import('../../functions/src/db/repositories/tournament-repository');
    const { teamRepository } = await import('../../functions/src/db/repositories/team-repository');
    // The copier saves round 1 of both tournaments and copies his teams on.
    for (const { id, playerIds } of [featured, beside]) {
      const saved = await call('PUT', '/api/golf/round/1/team', 'es-copier', {
        game_global_id: id,
        player_ids: playerIds.slice(0, 4),
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    }

    // Past the other tournament's round 1 and round 2 deadlines; the featured one is in progress too.
    await moveClockTo(new Date(deadlineOf(beside, 2) + 60_000));

    // Its round 1 results arrive, and the round is marked final without a manual carry-over.
    const imported = await ops('/api/golf/ops/results', {
      format: 'json',
      content: JSON.stringify({
        game_global_id: beside.id,
        results: beside.playerIds.map((player_id, i) => ({
          round: 1,
          player_id,
          strokes: 70 + (i % 5),
          to_par: (i % 5) - 2,
          thru: 18,
          status: 'active',
        })),
      }),
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const final = await ops('/api/golf/ops/round/final', { game_global_id: beside.id, round: 1 });
    expect(final.status, JSON.stringify(final.body)).toBe(200);
    expect(final.body).not.toHaveProperty('warnings');

    // Both tournaments were settled at each passed deadline by the scheduled runs.
    const [a, b] = await Promise.all([featured, beside].map(({ id }) => tournamentRepository.get(id)));
    expect(a!.rounds.map((r) => r.settled_at !== undefined)).toEqual([true, true, true, false]);
    expect(b!.rounds.map((r) => r.settled_at !== undefined)).toEqual([true, true, false, false]);
    // Its round 2 team was copied at the deadline, as in the featured tournament.
    for (const { id } of [featured, beside])
      expect((await teamRepository.get(id, 2, 'es-copier'))?.source, id).toBe('carry_over');
  }, 120_000);
});
