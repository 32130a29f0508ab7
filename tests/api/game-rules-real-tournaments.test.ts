/**
 * The game's rules against what real tournament weeks throw at them (docs/game-rules.md, edge
 * rules): withdrawals before round 1, teams decided as of the deadline whenever the job runs,
 * cancellations, and deadline moves that are checked. Handlers through the local API against
 * DynamoDB Local; the settlement job is run in-process at chosen instants.
 */
import { describe, expect, it } from 'vitest';
import { myScoreSchema, roundViewSchema } from '../../shared/src/schemas/game';
import { tournamentScoreSchema } from '../../shared/src/schemas/schedule';
import { batchWriteAll } from '../../functions/src/db/batch-write';
import { keys } from '../../functions/src/db/keys';
import { rankingRepository } from '../../functions/src/db/repositories/ranking-pages/ranking-repository';
import { publishRankingsNow } from './support/rankings';
import { teamRepository } from '../../functions/src/db/repositories/team-repository';
import {
  storedTournamentItem,
  tournamentRepository,
} from '../../functions/src/db/repositories/tournament-repository';
import { recomputeRankings } from '../../functions/src/domain/ranking/job/ranking-recompute';
import { YEARLY_SCOPE } from '../../functions/src/domain/ranking/rules/ranking-scope';
import { runCarryOver } from '../../functions/src/domain/game/carry-over-service';
import { api, tokenFor } from './support/api';
import { gameFixture, team, writeFixture } from './support/game-fixtures';

const hour = 3600_000;
const day = 24 * hour;
const operator = () => tokenFor('rules-operator', ['operators']);
const asOperator = async (path: string, body: unknown) =>
  api<{ code: string; message: string; errors?: Record<string, string[]> } & Record<string, unknown>>(
    'POST',
    path,
    { token: await operator(), body },
  );
const roundView = async (gid: string, round: number, userId: string) =>
  roundViewSchema.parse(
    (await api('GET', `/api/golf/round/${round}?game_global_id=${gid}`, { token: await tokenFor(userId) }))
      .body,
  );

/** A tournament that has not started: every deadline ahead, no results, every player active. */
function upcomingFixture(id: string) {
  const fixture = gameFixture(id);
  const now = Date.now();
  fixture.record.rounds = fixture.record.rounds.map((round) => ({
    ...round,
    deadline_at: new Date(now + round.round * day).toISOString(),
    results: 'none',
  })) as typeof fixture.record.rounds;
  fixture.field = fixture.field.map(({ status_log: _log, ...entry }) => ({
    ...entry,
    status: 'active',
    rounds: [null, null, null, null],
  }));
  return fixture;
}

describe('3. withdrawals before the first round', () => {
  const fixture = upcomingFixture('rules-wd-r1');
  const gid = fixture.id;
  const [p1, p2, p3, p4] = fixture.playerIds as [string, string, string, string];

  it('operators withdraw a player before round 1 has results; players are refused (403) and visitors (401)', async () => {
    await writeFixture(fixture, [team(gid, 1, 'wd-r1-user', [p1, p2, p3, p4])]);
    const body = { game_global_id: gid, player_id: p2, reason: '腰痛のため' };
    expect((await api('POST', '/api/golf/ops/player/withdrawal', { body })).status).toBe(401);
    expect(
      (await api('POST', '/api/golf/ops/player/withdrawal', { body, token: await tokenFor('wd-r1-user') }))
        .status,
    ).toBe(403);
    const result = await asOperator('/api/golf/ops/player/withdrawal', body);
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({
      round: 1,
      audit: { action: 'withdraw_player', reason: '腰痛のため', by: 'rules-operator', round: 1 },
    });
    const entry = (await tournamentRepository.field(gid)).find((e) => e.player_id === p2);
    expect(entry?.status).toBe('wd');
    expect(entry?.status_log).toEqual([{ status: 'wd', round: 1, at: expect.any(String) }]);
  });

  it('bad input gets 422 with field errors, an unknown player 404, a second withdrawal 409', async () => {
    const missing = await asOperator('/api/golf/ops/player/withdrawal', {
      game_global_id: gid,
      player_id: p1,
    });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toHaveProperty('reason');
    const unknown = await asOperator('/api/golf/ops/player/withdrawal', {
      game_global_id: gid,
      player_id: 'nobody',
      reason: 'x',
    });
    expect(unknown.status).toBe(404);
    const again = await asOperator('/api/golf/ops/player/withdrawal', {
      game_global_id: gid,
      player_id: p2,
      reason: 'x',
    });
    expect(again.status).toBe(409);
  });

  it('from that instant he is ineligible: the field says so, a save is refused, the round page warns', async () => {
    const field = await api<{ players: Array<{ player_id: string; eligible: boolean }> }>(
      'GET',
      `/api/golf/round/1/field?game_global_id=${gid}`,
    );
    expect(field.body.players.find((p) => p.player_id === p2)?.eligible).toBe(false);
    const save = await api('PUT', `/api/golf/round/1/draft/2?game_global_id=${gid}`, {
      token: await tokenFor('wd-r1-other'),
      body: { game_global_id: gid, player_id: p2 },
    });
    expect(save.status).toBe(422);
    const view = await roundView(gid, 1, 'wd-r1-user');
    expect(view.warnings).toEqual([expect.objectContaining({ slot: 2, player_id: p2, reason: 'wd' })]);
    expect(view.warnings[0]!.message).toContain('AIが自動で選手を入れ替えます');
    expect(view.notes.some((note) => note.includes('棄権'))).toBe(true);
  });

  it('at the deadline he is replaced by the AI condition pick (AUTO), the last save being the deadline', async () => {
    const deadline = fixture.record.rounds[0]!.deadline_at;
    await runCarryOver({ now: new Date(Date.parse(deadline) + 1000), gameGlobalId: gid });
    const settled = await teamRepository.get(gid, 1, 'wd-r1-user');
    expect(settled?.picks.map((p) => p.player_id === p2)).toEqual([false, false, false, false]);
    expect(settled?.picks.map((p) => p.auto)).toEqual([false, true, false, false]);
    expect(settled?.last_saved_at).toBe(deadline);
  });
});

describe('4. carry-over and replacements are decided as of the deadline, not as of when the job runs', () => {
  // Round 3's deadline passed an hour ago; rounds 1-2 are final.
  const fixture = gameFixture('rules-as-of');
  const deadline = new Date(Date.now() - hour).toISOString();
  fixture.record.rounds[2] = { ...fixture.record.rounds[2]!, deadline_at: deadline };
  const gid = fixture.id;
  const [p1, p2, p3, p4, p5, p6, p7, p8] = fixture.playerIds as string[] as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const users = ['as-of-copier', 'as-of-saver', 'as-of-late-toggle'];
  const teamsNow = async () =>
    Promise.all(users.map(async (u) => (await teamRepository.get(gid, 3, u)) ?? null));

  it('a job on time and a job that runs late after a withdrawal and a setting change give the same teams', async () => {
    await writeFixture(fixture, [
      team(gid, 2, 'as-of-copier', [p1, p2, p3, p4]),
      team(gid, 2, 'as-of-late-toggle', [p1, p2, p3, p4]),
      team(gid, 3, 'as-of-saver', [p5, p6, p7, p8], { last_saved_at: '2026-01-02T00:00:00.000Z' }),
    ]);
    await batchWriteAll([
      { ...keys.userProfile('as-of-copier'), entity: 'user', is_copy_next_round: true },
      // Switched on five minutes after the deadline: it did not count for round 3.
      {
        ...keys.userProfile('as-of-late-toggle'),
        entity: 'user',
        is_copy_next_round: true,
        copy_next_round_changes: [
          { from: false, to: true, at: new Date(Date.parse(deadline) + 5 * 60_000).toISOString() },
        ],
      },
    ]);
    // On time: one second after the deadline, before anything else happened.
    await runCarryOver({ now: new Date(Date.parse(deadline) + 1000), gameGlobalId: gid });
    const onTime = await teamsNow();
    expect(onTime[0]?.source).toBe('carry_over');
    expect(onTime[0]?.last_saved_at).toBe(deadline);
    expect(onTime[2]).toBeNull();

    // After the deadline, p2 (carried) and p6 (saved) withdraw.
    for (const playerId of [p2, p6]) {
      const withdrawn = await asOperator('/api/golf/ops/player/withdrawal', {
        game_global_id: gid,
        player_id: playerId,
        reason: '体調不良のため',
      });
      expect(withdrawn.status).toBe(200);
      expect(withdrawn.body['round']).toBe(3);
    }

    // Late, and forgetting the settled mark, the job runs again: the same teams.
    await batchWriteAll([storedTournamentItem({ ...fixture.record, published: false })]);
    await runCarryOver({ now: new Date(Date.now() + day), gameGlobalId: gid });
    expect(await teamsNow()).toEqual(onTime);
    expect(onTime[0]?.picks.map((p) => p.player_id)).toEqual([p1, p2, p3, p4]);
    expect(onTime[1]?.picks.map((p) => p.player_id)).toEqual([p5, p6, p7, p8]);
  });

  it('a withdrawal recorded after the deadline is scored as the penalty, never swapped in', async () => {
    const others = fixture.playerIds.filter(
      (id) => ![fixture.playerIds[1], fixture.playerIds[5]].includes(id),
    );
    const imported = await asOperator('/api/golf/ops/results', {
      format: 'json',
      content: JSON.stringify({
        game_global_id: gid,
        results: others
          .filter((id) => ['active', 'dq'].includes(fixture.field.find((e) => e.player_id === id)!.status))
          .slice(0, 6)
          .map((player_id, i) => ({
            round: 3,
            player_id,
            strokes: 70 + i,
            to_par: i - 2,
            thru: 18,
            status: 'active',
          })),
      }),
    });
    expect(imported.status).toBe(200);
    const view = await roundView(gid, 3, 'as-of-saver');
    const withdrawn = view.team!.slots.find((slot) => slot?.player.player_id === p6)!;
    expect(withdrawn.auto).toBe(false);
    expect(withdrawn.score).toMatchObject({ kind: 'penalty', reason: 'wd' });
  });

  it('the job run twice changes nothing', async () => {
    const before = await teamsNow();
    const result = await runCarryOver({ now: new Date(), gameGlobalId: gid });
    expect(result.rounds).toEqual([]);
    expect(await teamsNow()).toEqual(before);
  });
});

describe('5. cancellations have a way in', () => {
  const fixture = gameFixture('rules-cancel-round');
  const gid = fixture.id;
  const [p1, p2, p3, p4] = fixture.playerIds as [string, string, string, string];

  it('a cancelled round counts for nobody: scores, saves, imports and the round page', async () => {
    await writeFixture(fixture, [
      team(gid, 1, 'cancel-user', [p1, p2, p3, p4]),
      team(gid, 2, 'cancel-user', [p1, p2, p3, p4]),
    ]);
    const myScore = async () =>
      myScoreSchema.parse(
        (
          await api('GET', `/api/golf/schedule/score/me?game_global_id=${gid}`, {
            token: await tokenFor('cancel-user'),
          })
        ).body,
      );
    const before = await myScore();
    const round2 = before.rounds[1]!.score.score!;

    const body = { game_global_id: gid, round: 2, reason: '荒天のため' };
    expect(
      (await api('POST', '/api/golf/ops/round/cancel', { body, token: await tokenFor('cancel-user') }))
        .status,
    ).toBe(403);
    const cancelled = await asOperator('/api/golf/ops/round/cancel', body);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({
      audit: { action: 'cancel_round', round: 2, reason: '荒天のため' },
    });
    expect((await asOperator('/api/golf/ops/round/cancel', body)).status).toBe(409);

    const after = await myScore();
    expect(after.rounds[1]!.score.kind).toBe('cancelled');
    expect(after.total.score).toBe(before.total.score - round2);

    const view = await roundView(gid, 2, 'cancel-user');
    expect(view.round.status).toBe('cancelled');
    expect(view.round.cancel_note).toContain('荒天のため');

    // An open round, cancelled: no save, no results.
    expect((await asOperator('/api/golf/ops/round/cancel', { ...body, round: 4 })).status).toBe(200);
    const save = await api('PUT', `/api/golf/round/4/team`, {
      token: await tokenFor('cancel-user'),
      body: { game_global_id: gid, player_ids: [p1, p2, p3, p4] },
    });
    expect(save.status).toBe(409);
  });

  it('a cancelled tournament gives no yearly points, its rankings are recomputed, and players are told', async () => {
    // A finished tournament of its own season, listed: rounds 1-2 final, 3-4 rained out, weeks ago.
    const finished = gameFixture('rules-cancel-tournament');
    const past = (iso: string) => new Date(Date.parse(iso) - 60 * day).toISOString();
    finished.record = {
      ...finished.record,
      season_id: 2097,
      start_on: past(`${finished.record.start_on}T00:00:00.000Z`).slice(0, 10),
      end_on: past(`${finished.record.end_on}T00:00:00.000Z`).slice(0, 10),
      rounds: finished.record.rounds.map((r) => ({
        ...r,
        deadline_at: past(r.deadline_at),
        cancelled: r.round >= 3,
      })) as typeof finished.record.rounds,
    };
    const fid = finished.id;
    const [q1, q2, q3, q4, q5] = finished.playerIds as [string, string, string, string, string];
    await writeFixture(finished, [
      team(fid, 1, 'yearly-a', [q1, q2, q3, q4]),
      team(fid, 1, 'yearly-b', [q2, q3, q4, q5]),
    ]);
    await batchWriteAll([storedTournamentItem({ ...finished.record, published: true })]);
    const now = new Date();
    await recomputeRankings(fid, now);
    expect((await rankingRepository.getPointer(fid))?.scopes[String(YEARLY_SCOPE)]?.boards?.['YEARLY']).toBe(
      2,
    );

    const result = await asOperator('/api/golf/ops/tournament/cancel', {
      game_global_id: fid,
      reason: '主催者の判断により',
    });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ audit: { action: 'cancel_tournament', round: 0 } });
    await publishRankingsNow(fid);
    expect((await rankingRepository.getPointer(fid))?.scopes[String(YEARLY_SCOPE)]?.boards?.['YEARLY']).toBe(
      0,
    );

    const score = tournamentScoreSchema.parse(
      (await api('GET', `/api/golf/schedule/score?game_global_id=${fid}`)).body,
    );
    expect(score.schedule.status).toBe('cancelled');
    expect(score.schedule.cancel_note).toContain('主催者の判断により');
    expect(score.schedule.rounds.every((r) => r.status === 'cancelled')).toBe(true);
    expect(
      (await asOperator('/api/golf/ops/tournament/cancel', { game_global_id: fid, reason: 'x' })).status,
    ).toBe(409);
  });
});

describe('6. deadline moves are checked', () => {
  const fixture = gameFixture('rules-move-deadline');
  const gid = fixture.id;
  const [p1, p2, p3, p4, p5] = fixture.playerIds as [string, string, string, string, string];

  it('refuses an instant in the past unless forced, and says how many teams that locks', async () => {
    await writeFixture(fixture, [
      team(gid, 3, 'move-a', [p1, p2, p3, p4]),
      team(gid, 3, 'move-b', [p2, p3, p4, p5]),
    ]);
    const past = new Date(Date.now() - 10 * 60_000).toISOString();
    const body = { game_global_id: gid, round: 3, deadline_at: past, reason: '入力の誤り' };
    const refused = await asOperator('/api/golf/ops/round/deadline', body);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('2チーム');
    expect(refused.body.errors).toEqual({ teams_locked: ['2'] });
    expect((await tournamentRepository.get(gid))?.rounds[2]?.deadline_at).toBe(
      fixture.record.rounds[2]!.deadline_at,
    );

    const later = new Date(Date.now() + 3 * hour).toISOString();
    const moved = await asOperator('/api/golf/ops/round/deadline', {
      ...body,
      deadline_at: later,
      reason: '霧のため',
    });
    expect(moved.status).toBe(200);
    expect(moved.body['teams_locked']).toBe(0);

    const forced = await asOperator('/api/golf/ops/round/deadline', { ...body, force: true });
    expect(forced.status).toBe(200);
    expect(forced.body['teams_locked']).toBe(2);
    expect(forced.body).toMatchObject({ audit: { action: 'move_deadline', before: later } });
    const view = await roundView(gid, 3, 'move-a');
    expect(view.is_open).toBe(false);
  });

  it('the save near a deadline is judged by the time the request is received', async () => {
    const save = await api('PUT', `/api/golf/round/3/team`, {
      token: await tokenFor('move-a'),
      body: { game_global_id: gid, player_ids: [p1, p2, p3, p5] },
    });
    expect(save.status).toBe(409);
    expect((save.body as { code: string }).code).toBe('deadline_passed');
  });
});
