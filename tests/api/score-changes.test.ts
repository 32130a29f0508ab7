/**
 * Why my score moved: each operator action that moves a player's round score (final mark, correction,
 * cancellation) and each AUTO replacement at a deadline leaves a change record with the score before
 * and after and the operator's reason; a player reads only their own.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { scoreChangesViewSchema, type ScoreChangesView } from '../../shared/src/schemas/score-changes';
import { runCarryOver } from '../../functions/src/domain/game/carry-over-service';
import { api, tokenFor } from './support/api';
import { gameFixture, team, versionOf, writeFixture } from './support/game-fixtures';
import { publishRankingsNow } from './support/rankings';

const fixture = gameFixture('test-changes');
const gid = fixture.id;
const [p1, p2, p3, p4, , , , , , , , wd] = fixture.playerIds as string[];
// Round 2 played, results provisional until operators mark it final.
fixture.record.rounds[1]!.results = 'provisional';
let ann: string;
let operator: string;

const changes = async (token: string, round?: number): Promise<ScoreChangesView> => {
  const result = await api(
    'GET',
    `/api/golf/schedule/score/changes?game_global_id=${gid}${round ? `&round=${round}` : ''}`,
    {
      token,
    },
  );
  expect(result.status).toBe(200);
  return scoreChangesViewSchema.parse(result.body);
};
const asOperator = (path: string, body: unknown) => api('POST', path, { token: operator, body });

beforeAll(async () => {
  await writeFixture(fixture, [
    team(gid, 1, 'changes-ann', [p1!, p2!, p3!, p4!]),
    team(gid, 2, 'changes-ann', [p1!, p2!, p3!, p4!]),
    team(gid, 3, 'changes-ann', [p1!, p2!, p3!, wd!]),
  ]);
  ann = await tokenFor('changes-ann');
  operator = await tokenFor('changes-operator', ['operators']);
});

describe('why my score moved', () => {
  it('is empty before any change, refused to visitors, and 422 for a bad round', async () => {
    expect((await changes(ann)).changes).toEqual([]);
    expect((await api('GET', `/api/golf/schedule/score/changes?game_global_id=${gid}`)).status).toBe(401);
    const bad = await api<{ errors: Record<string, string[]> }>(
      'GET',
      `/api/golf/schedule/score/changes?game_global_id=${gid}&round=5`,
      { token: ann },
    );
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['round']);
  });

  it('records provisional to final, then a correction with the operator’s reason', async () => {
    expect(
      (await asOperator('/api/golf/ops/round/final', { game_global_id: gid, round: 2, force: true })).status,
    ).toBe(200);
    // The ranking job writes the change records of an operator's action, with its publish.
    await publishRankingsNow(gid);
    let view = await changes(ann, 2);
    expect(view.changes).toHaveLength(1);
    const final = view.changes[0]!;
    expect(final.cause).toBe('mark_final');
    expect(final.before).toMatchObject({ kind: 'scored', provisional: true });
    expect(final.after).toEqual({ ...final.before, provisional: false });
    const settled = final.after!.score!;

    const corrected = await asOperator('/api/golf/ops/result/correction', {
      game_global_id: gid,
      round: 2,
      player_id: p1,
      base_version: await versionOf(gid, p1!, 2),
      strokes: 72 + 6,
      to_par: 6,
      bogeys: 6,
      reason: 'スコアカードの誤記（15番 4→6）',
    });
    expect(corrected.status).toBe(200);
    await publishRankingsNow(gid);
    view = await changes(ann, 2);
    expect(view.changes.map((c) => c.cause)).toEqual(['correct_result', 'mark_final']);
    const correction = view.changes[0]!;
    expect(correction.reason).toBe('スコアカードの誤記（15番 4→6）');
    expect(correction.before?.score).toBe(settled);
    // 選手 1 had +4 in round 2.
    expect(correction.after?.score).toBe(settled + 6 - 4);
    expect(correction.note).toContain('訂正');
    // Marking final again moves nothing and records nothing.
    await asOperator('/api/golf/ops/round/final', { game_global_id: gid, round: 2, force: true });
    await publishRankingsNow(gid);
    expect((await changes(ann, 2)).changes).toHaveLength(2);
  });

  it('records the AUTO player put in at the deadline, with who left and who came', async () => {
    const deadline = Date.parse(fixture.record.rounds[2]!.deadline_at);
    await runCarryOver({ now: new Date(deadline + 1000), gameGlobalId: gid });
    const view = await changes(ann, 3);
    expect(view.changes).toHaveLength(1);
    const auto = view.changes[0]!;
    expect(auto.cause).toBe('auto_replacement');
    expect(auto.at).toBe(fixture.record.rounds[2]!.deadline_at);
    expect(auto.replaced).toHaveLength(1);
    expect(auto.replaced[0]).toMatchObject({ slot: 4, from_name: '選手 12' });
    expect(auto.replaced[0]!.to_name).toMatch(/^選手 \d+$/);
  });

  it('records a cancellation for every counted round, and other players never see it', async () => {
    const cancelled = await asOperator('/api/golf/ops/tournament/cancel', {
      game_global_id: gid,
      reason: '台風のため',
    });
    expect(cancelled.status).toBe(200);
    // The cancellation republishes the rankings in the background: read both once it is served.
    await publishRankingsNow(gid);
    const view = await changes(ann);
    const cancellations = view.changes.filter((c) => c.cause === 'cancel_tournament');
    expect(cancellations.map((c) => c.round).sort()).toEqual([1, 2]);
    for (const change of cancellations) {
      expect(change.reason).toBe('台風のため');
      expect(change.after).toEqual({ kind: 'cancelled', score: null, provisional: false });
    }
    // Newest first across rounds (the AUTO change is dated at round 3's deadline, still ahead here).
    const instants = view.changes.map((c) => c.at);
    expect(instants).toEqual([...instants].sort().reverse());
    // The rank is the player's SCORE row of the published ranking, as /api/golf/ranking/user says.
    const own = await api<{ rankings: Array<{ type: number | null; rank: number }> }>(
      'GET',
      `/api/golf/ranking/user?game_global_id=${gid}`,
      { token: ann },
    );
    expect(view.rank).toBe(own.body.rankings.find((row) => row.type === 1)?.rank ?? null);

    expect((await changes(await tokenFor('changes-bob'))).changes).toEqual([]);
  });
});
