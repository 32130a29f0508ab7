import { beforeAll, describe, expect, it } from 'vitest';
import { carryOverResultSchema, roundViewSchema } from '../../shared/src/schemas/game';
import { batchWriteAll } from '../../functions/src/db/batch-write';
import { keys } from '../../functions/src/db/keys';
import { teamRepository } from '../../functions/src/db/repositories/team-repository';
import { roundScores } from './support/team-scores';
import { api, tokenFor } from './support/api';
import { gameFixture, team, writeFixture } from './support/game-fixtures';

// Round 3's deadline passed an hour ago and no results are in yet: the moment carry-over runs.
const fixture = gameFixture('test-carry-over');
fixture.record.rounds[2] = {
  ...fixture.record.rounds[2]!,
  deadline_at: new Date(Date.now() - 3600_000).toISOString(),
};
const gid = fixture.id;
const [p1, p2, p3, p4, p5, , , , , , cut, wd] = fixture.playerIds;

const run = async () =>
  carryOverResultSchema.parse(
    (
      await api('POST', '/api/golf/ops/carry-over', {
        token: await tokenFor('co-operator', ['operators']),
        body: { game_global_id: gid },
      })
    ).body,
  );

beforeAll(async () => {
  await writeFixture(fixture, [
    team(gid, 2, 'co-copier', [p1!, p2!, p3!, cut!]),
    team(gid, 2, 'co-no-copy', [p1!, p2!, p3!, p4!]),
    team(gid, 2, 'co-saver', [p1!, p2!, p3!, p4!]),
    team(gid, 3, 'co-saver', [p5!, p2!, wd!], { last_saved_at: '2026-01-02T00:00:00.000Z' }),
  ]);
  // Players who finished sign-up, with the carry-over setting on.
  const player = { entity: 'user', status: 'complete', is_accepted_policy: true, is_registed_email: true };
  await batchWriteAll([
    { ...keys.userProfile('co-copier'), ...player, is_copy_next_round: true },
    { ...keys.userProfile('co-saver'), ...player, is_copy_next_round: true },
  ]);
});

describe('carry-over', () => {
  it('carry-over: copies round n to n+1 at the deadline for users with is_copy_next_round, replacing the cut player (AUTO)', async () => {
    const result = await run();
    expect(result.rounds.find((r) => r.round === 3)).toEqual({ round: 3, carried: 1, replaced: 1 });
    const carried = await teamRepository.get(gid, 3, 'co-copier');
    expect(carried?.source).toBe('carry_over');
    expect(carried?.picks.slice(0, 3).map((p) => p.player_id)).toEqual([p1, p2, p3]);
    expect(carried?.picks[3]?.player_id).not.toBe(cut);
    expect(carried?.picks.every((p) => p.auto)).toBe(true);
    expect(await teamRepository.get(gid, 3, 'co-no-copy')).toBeUndefined();
    const view = roundViewSchema.parse(
      (await api('GET', `/api/golf/round/3?game_global_id=${gid}`, { token: await tokenFor('co-copier') }))
        .body,
    );
    expect(view.team?.source).toBe('carry_over');
    expect(view.team?.slots.every((s) => s?.auto)).toBe(true);
  });

  it('carry-over: a saved team is kept; the withdrawn player and the empty slot are filled by the AI condition pick (AUTO), last save = the deadline', async () => {
    const saved = await teamRepository.get(gid, 3, 'co-saver');
    expect(saved?.source).toBe('manual');
    expect(saved?.last_saved_at).toBe(fixture.record.rounds[2]!.deadline_at);
    expect(saved?.picks.map((p) => [p.player_id === wd, p.auto])).toEqual([
      [false, false],
      [false, false],
      [false, true],
      [false, true],
    ]);
    expect(new Set(saved?.picks.map((p) => p.player_id)).size).toBe(4);
  });

  it('carry-over: idempotent, a second run changes nothing', async () => {
    const before = await Promise.all(['co-copier', 'co-saver'].map((u) => teamRepository.get(gid, 3, u)));
    const result = await run();
    // The round is settled: later runs leave it alone.
    expect(result.rounds).toEqual([]);
    const after = await Promise.all(['co-copier', 'co-saver'].map((u) => teamRepository.get(gid, 3, u)));
    expect(after).toEqual(before);
  });

  it('scores of carried teams are written once results come in', async () => {
    const scores = await roundScores(gid, 3);
    expect(scores.map((s) => s.user_id).sort()).toEqual(['co-copier', 'co-saver']);
    expect(scores.every((s) => s.kind === 'pending')).toBe(true);
  });
});
