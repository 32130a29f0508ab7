import { beforeAll, describe, expect, it } from 'vitest';
import {
  otherTeamSchema,
  roundFieldSchema,
  roundViewSchema,
  savedTeamSchema,
  myScoreSchema,
  playerDetailSchema,
  aiPreviewSchema,
} from '../../shared/src/schemas/game';
import { teamRepository } from '../../functions/src/db/repositories/team-repository';
import { batchGetAll } from '../../functions/src/db/batch-get';
import { batchWriteAll } from '../../functions/src/db/batch-write';
import { keys, SAVE_SHARDS } from '../../functions/src/db/keys';
import { api, tokenFor } from './support/api';
import { gameFixture, team, writeFixture } from './support/game-fixtures';

const fixture = gameFixture('test-picks');
const [p1, p2, p3, p4, p5, p6, , , , dq, cut, wd] = fixture.playerIds as [string, ...string[]] & string[];
const q = `?game_global_id=${fixture.id}`;
const gid = fixture.id;
let alice: string;
let bob: string;

interface ErrorBody {
  code: string;
  message: string;
  errors?: Record<string, string[]>;
}

beforeAll(async () => {
  await writeFixture(fixture, [
    team(gid, 1, 'picks-bob', [p1!, p2!, p3!, p4!]),
    team(gid, 2, 'picks-bob', [p1!, p2!, p3!, cut!]),
    team(gid, 3, 'picks-bob', [p1!, p2!, p3!, p4!]),
    team(gid, 3, 'picks-warned', [p1!, p2!, p3!, wd!]),
  ]);
  alice = await tokenFor('picks-alice');
  bob = await tokenFor('picks-bob');
});

describe('picks', () => {
  it('saves a pick per draft slot, replaces a slot and deletes one before the deadline', async () => {
    let result = await api('PUT', `/api/golf/round/3/draft/1`, {
      token: alice,
      body: { game_global_id: gid, player_id: p1 },
    });
    expect(result.status).toBe(200);
    result = await api('PUT', `/api/golf/round/3/draft/2`, {
      token: alice,
      body: { game_global_id: gid, player_id: p2 },
    });
    result = await api('PUT', `/api/golf/round/3/draft/2`, {
      token: alice,
      body: { game_global_id: gid, player_id: p5 },
    });
    expect(result.status).toBe(200);
    const saved = savedTeamSchema.parse(result.body);
    expect(saved.picks.map((p) => [p.slot, p.player_id, p.auto])).toEqual([
      [1, p1, false],
      [2, p5, false],
    ]);
    result = await api('DELETE', `/api/golf/round/3/draft/1${q}`, { token: alice });
    expect(savedTeamSchema.parse(result.body).picks.map((p) => p.player_id)).toEqual([p5]);
    // A partial team before the deadline has no score to count yet: not 集計中.
    const view = roundViewSchema.parse((await api('GET', `/api/golf/round/3${q}`, { token: alice })).body);
    expect(view.is_open).toBe(true);
    expect(view.score.kind).toBe('not_started');
  });

  it('saves a whole team and shows it in the round view with its 4 slots', async () => {
    const result = await api('PUT', `/api/golf/round/4/team`, {
      token: alice,
      body: { game_global_id: gid, player_ids: [p1, p2, p3, p4] },
    });
    expect(result.status).toBe(200);
    const view = roundViewSchema.parse((await api('GET', `/api/golf/round/4${q}`, { token: alice })).body);
    expect(view.is_open).toBe(true);
    expect(view.team?.source).toBe('manual');
    expect(view.team?.slots.map((s) => s?.player.player_id)).toEqual([p1, p2, p3, p4]);
    expect(view.teams_visible).toBe(false);
  });

  it('lock instant: a save after the round deadline is refused with 409 deadline_passed', async () => {
    const result = await api<ErrorBody>('PUT', `/api/golf/round/2/draft/1`, {
      token: alice,
      body: { game_global_id: gid, player_id: p1 },
    });
    expect(result.status).toBe(409);
    expect(result.body.code).toBe('deadline_passed');
    expect(result.body.message).toBe('エントリーの締め切りを過ぎているため、チームを変更できません。');
    const whole = await api<ErrorBody>('PUT', `/api/golf/round/1/team`, {
      token: alice,
      body: { game_global_id: gid, player_ids: [p1, p2, p3, p4] },
    });
    expect(whole.status).toBe(409);
    const ai = await api<ErrorBody>('POST', `/api/golf/round/2/auto/condition`, {
      token: alice,
      body: { game_global_id: gid },
    });
    expect(ai.status).toBe(409);
    const del = await api<ErrorBody>('DELETE', `/api/golf/round/1/draft/1${q}`, { token: bob });
    expect(del.status).toBe(409);
  });

  it('lock instant: the write itself checks the stored deadline, whatever the caller checked before', async () => {
    const deadline = fixture.record.rounds[2]!.deadline_at;
    const record = team(gid, 3, 'picks-late', [p1!, p2!, p3!, p4!], { version: 0 });
    const atDeadline = await teamRepository.guardedPut(record, {
      nowIso: deadline,
      newPlayerIds: [],
      expectedVersion: 0,
    });
    expect(atDeadline).toEqual({ kind: 'deadline_passed' });
    const before = new Date(Date.parse(deadline) - 1).toISOString();
    expect(
      await teamRepository.guardedPut(record, { nowIso: before, newPlayerIds: [], expectedVersion: 0 }),
    ).toBeNull();
  });

  it("lock instant: every shard of the round's lock is what the write checks, and moves with the deadline", async () => {
    const locks = async () =>
      (await batchGetAll(Array.from({ length: SAVE_SHARDS }, (_, s) => keys.roundGate(gid, 4, s)))).map(
        (item) => item['deadline_at'],
      );
    const deadline = fixture.record.rounds[3]!.deadline_at;
    expect(await locks()).toEqual(Array(SAVE_SHARDS).fill(deadline));
    // Locks that say the round has closed refuse the save, though the tournament item says it is open.
    await batchWriteAll(
      Array.from({ length: SAVE_SHARDS }, (_, s) => ({
        ...keys.roundGate(gid, 4, s),
        deadline_at: new Date(Date.now() - 60_000).toISOString(),
      })),
    );
    // (A team unlike the one saved above: an unchanged team is answered without a write.)
    const refused = await api<ErrorBody>('PUT', `/api/golf/round/4/team`, {
      token: alice,
      body: { game_global_id: gid, player_ids: [p1, p2, p3, p5] },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('deadline_passed');
    // An operator's move writes the tournament and its locks together.
    const operator = await tokenFor('picks-operator', ['operators']);
    const moved = new Date(Date.parse(deadline) + 3_600_000).toISOString();
    const answer = await api('POST', '/api/golf/ops/round/deadline', {
      token: operator,
      body: { game_global_id: gid, round: 4, deadline_at: moved, reason: '濃霧のため' },
    });
    expect(answer.status).toBe(200);
    expect(await locks()).toEqual(Array(SAVE_SHARDS).fill(moved));
    const saved = await api('PUT', `/api/golf/round/4/team`, {
      token: alice,
      body: { game_global_id: gid, player_ids: [p1, p2, p3, p5] },
    });
    expect(saved.status).toBe(200);
  });

  it('refuses the same player twice (422)', async () => {
    const whole = await api<ErrorBody>('PUT', `/api/golf/round/4/team`, {
      token: alice,
      body: { game_global_id: gid, player_ids: [p1, p2, p1, p4] },
    });
    expect(whole.status).toBe(422);
    expect(whole.body.errors?.['player_ids.2']).toBeDefined();
    await api('PUT', `/api/golf/round/3/draft/3`, {
      token: alice,
      body: { game_global_id: gid, player_id: p6 },
    });
    const slot = await api<ErrorBody>('PUT', `/api/golf/round/3/draft/4`, {
      token: alice,
      body: { game_global_id: gid, player_id: p6 },
    });
    expect(slot.status).toBe(422);
    expect(slot.body.errors?.['player_id']?.[0]).toContain('すでにチーム');
  });

  it('eligibility: refuses a player who is not in the field (422)', async () => {
    const result = await api<ErrorBody>('PUT', `/api/golf/round/3/draft/4`, {
      token: alice,
      body: { game_global_id: gid, player_id: 'nobody' },
    });
    expect(result.status).toBe(422);
    expect(result.body.errors?.['player_id']?.[0]).toContain('出場していません');
  });

  it('eligibility: refuses a player who missed the cut in rounds 3-4 (422)', async () => {
    for (const round of [3, 4]) {
      const result = await api<ErrorBody>('PUT', `/api/golf/round/${round}/draft/4`, {
        token: alice,
        body: { game_global_id: gid, player_id: cut },
      });
      expect(result.status).toBe(422);
      expect(result.body.errors?.['player_id']?.[0]).toContain('予選落ち');
    }
  });

  it('eligibility: refuses a withdrawn or disqualified player (422)', async () => {
    for (const playerId of [wd, dq]) {
      const result = await api<ErrorBody>('PUT', `/api/golf/round/4/team`, {
        token: alice,
        body: { game_global_id: gid, player_ids: [p1, p2, p3, playerId] },
      });
      expect(result.status).toBe(422);
      expect(result.body.errors?.['player_ids.3']).toBeDefined();
    }
  });

  it('withdrawal on a saved team: the round page warns about the ineligible pick', async () => {
    const token = await tokenFor('picks-warned');
    const view = roundViewSchema.parse((await api('GET', `/api/golf/round/3${q}`, { token })).body);
    expect(view.warnings).toEqual([expect.objectContaining({ slot: 4, player_id: wd, reason: 'wd' })]);
  });

  it('(AUTO) marks only golfers the game chose', async () => {
    // A team the player saves from an AI mode is his own choice.
    const token = await tokenFor('picks-ai-own');
    const result = await api('POST', `/api/golf/round/4/auto/condition`, {
      token,
      body: { game_global_id: gid },
    });
    expect(savedTeamSchema.parse(result.body).picks.map((p) => p.auto)).toEqual([false, false, false, false]);
    const view = roundViewSchema.parse((await api('GET', `/api/golf/round/4${q}`, { token })).body);
    expect(view.team?.slots.map((slot) => slot?.auto)).toEqual([false, false, false, false]);
  });

  it('AI selection saves a labelled team of eligible players only; the preview shows the same players', async () => {
    const preview = aiPreviewSchema.parse((await api('GET', `/api/golf/round/4/auto/stability${q}`)).body);
    const result = await api('POST', `/api/golf/round/4/auto/stability`, {
      token: alice,
      body: { game_global_id: gid },
    });
    expect(result.status).toBe(200);
    const saved = savedTeamSchema.parse(result.body);
    expect(saved.source).toBe('ai:stability');
    expect(saved.picks.map((p) => p.player_id)).toEqual(preview.players.map((p) => p.player_id));
    expect(saved.picks.map((p) => p.player_id)).not.toContain(cut);
    expect(saved.picks.map((p) => p.player_id)).not.toContain(wd);
  });

  it('undo restores the AUTO mark: a removed AUTO pick put back in its slot is AUTO again, a new pick is not', async () => {
    // A team holding a pick the game chose (as a copy at an earlier deadline leaves it).
    await writeFixture(fixture, [
      team(gid, 4, 'picks-undo', [p1!, p2!, p3!, p4!], {
        picks: [p1!, p2!, p3!, p4!].map((player_id, i) => ({
          slot: (i + 1) as 1 | 2 | 3 | 4,
          player_id,
          auto: i === 0,
        })),
      }),
    ]);
    const token = await tokenFor('picks-undo');
    const first = { slot: 1, player_id: p1!, auto: true };
    await api('DELETE', `/api/golf/round/4/draft/1${q}`, { token });
    const undone = await api('PUT', `/api/golf/round/4/draft/1`, {
      token,
      body: { game_global_id: gid, player_id: first.player_id },
    });
    expect(savedTeamSchema.parse(undone.body).picks.find((p) => p.slot === 1)).toEqual(first);
    const view = roundViewSchema.parse((await api('GET', `/api/golf/round/4${q}`, { token })).body);
    expect(view.team?.slots[0]).toMatchObject({ auto: true });

    await api('DELETE', `/api/golf/round/4/draft/1${q}`, { token });
    const taken = new Set(savedTeamSchema.parse(undone.body).picks.map((p) => p.player_id));
    const other = [p1, p2, p3, p4, p5, p6].find((id) => !taken.has(id!))!;
    const replaced = await api('PUT', `/api/golf/round/4/draft/1`, {
      token,
      body: { game_global_id: gid, player_id: other },
    });
    expect(savedTeamSchema.parse(replaced.body).picks.find((p) => p.slot === 1)).toMatchObject({
      auto: false,
    });
  });

  it('other users’ teams: visible to nobody before the deadline', async () => {
    const result = await api<ErrorBody>('GET', `/api/golf/round/3/team/picks-bob${q}`, { token: alice });
    expect(result.status).toBe(403);
  });

  it('other users’ teams: visible after the deadline, with the round score', async () => {
    const result = await api('GET', `/api/golf/round/2/team/picks-bob${q}`, { token: alice });
    expect(result.status).toBe(200);
    const other = otherTeamSchema.parse(result.body);
    expect(other.team?.slots.map((s) => s?.player.player_id)).toEqual([p1, p2, p3, cut]);
    expect(other.score.kind).toBe('scored');
  });

  it('other users’ teams: an id that is no player answers 404, not a penalty score', async () => {
    const result = await api<ErrorBody>('GET', `/api/golf/round/2/team/no-such-player-${gid}${q}`, {
      token: alice,
    });
    expect(result.status).toBe(404);
    expect(result.body.code).toBe('not_found');
  });

  it('other users’ teams are never writable: the user comes from the token only', async () => {
    const result = await api('PUT', `/api/golf/round/3/team/picks-bob`, {
      token: alice,
      body: { player_ids: [p1, p2, p3, p5] },
    });
    expect(result.status).toBe(405);
    const bobsTeam = await teamRepository.get(gid, 3, 'picks-bob');
    expect(bobsTeam?.picks.map((p) => p.player_id)).toEqual([p1, p2, p3, p4]);
  });

  it('refuses anonymous saves (401)', async () => {
    const result = await api('PUT', `/api/golf/round/3/draft/1`, {
      body: { game_global_id: gid, player_id: p1 },
    });
    expect(result.status).toBe(401);
  });

  it('scoring: my score sums the locked rounds; missed cut scores the field’s worst completed to-par + 1', async () => {
    const result = await api('GET', `/api/golf/schedule/score/me${q}`, { token: bob });
    const score = myScoreSchema.parse(result.body);
    // round 1: to-pars -4,-3,-2,-1 = -10; round 2: 4,3,2 and the cut player (he completed round 2: 4-10 = -6) = 3
    expect(score.rounds[0]!.score).toEqual({ kind: 'scored', score: -10, provisional: false });
    expect(score.rounds[1]!.score).toEqual({ kind: 'scored', score: 3, provisional: false });
    expect(score.rounds[2]!.score.kind).toBe('not_started');
    expect(score.total.score).toBe(-7);
  });

  it('serves the field with eligibility, indicators and stats, and a player’s detail', async () => {
    const field = roundFieldSchema.parse((await api('GET', `/api/golf/round/3/field${q}`)).body);
    expect(field.players).toHaveLength(12);
    expect(
      field.players
        .filter((p) => !p.eligible)
        .map((p) => p.ineligible_reason)
        .sort(),
    ).toEqual(['cut', 'dq', 'wd']);
    const detail = playerDetailSchema.parse((await api('GET', `/api/golf/player/${p1}${q}`)).body);
    expect(detail.rounds[0]?.to_par).toBe(-4);
    expect(detail.indicators?.distance).toBe(100);
  });
});
