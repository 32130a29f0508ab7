/**
 * A repeated final, draw or import changes nothing and says so: `already_done: true` with the audit
 * entry of the action that put it in place (when, by whom), in the API's answer and so in the CLI's JSON.
 */
import { describe, expect, it } from 'vitest';
import {
  auditRecordSchema,
  importResultSchema,
  operatorActionResultSchema,
} from '../../shared/src/schemas/game';
import { prizeDrawResultSchema } from '../../shared/src/schemas/prize';
import { auditRepository } from '../../functions/src/db/repositories/audit-repository';
import { batchWriteAll } from '../../functions/src/db/batch-write';
import { prizeItem } from '../../functions/src/db/repositories/prize-repository';
import { tournamentRepository } from '../../functions/src/db/repositories/tournament-repository';
import { api, tokenFor } from './support/api';
import { finishedFixture, gameFixture, team, writeFixture } from './support/game-fixtures';

const operator = () => tokenFor('repeat-operator', ['operators']);
const post = async (path: string, body: unknown) => api('POST', path, { token: await operator(), body });

describe('repeated operator actions', () => {
  const fixture = gameFixture('repeat-ops');
  const gid = fixture.id;
  // Round 2 has provisional results, round 1 is final; nobody picked a team.
  fixture.record.rounds[1] = { ...fixture.record.rounds[1]!, results: 'provisional' };

  it('a repeated import, then a repeated final, answer already_done with the earlier audit entry', async () => {
    await writeFixture(fixture, []);
    const [p1, p2] = fixture.playerIds as [string, string];
    const csv = [
      'game_global_id,round,player_id,strokes,to_par,thru,birdies,eagles,bogeys,status',
      `${gid},2,${p1},69,-3,18,4,0,1,active`,
      `${gid},2,${p2},75,3,18,1,0,4,active`,
    ].join('\n');
    const body = { format: 'csv', content: csv };

    const first = importResultSchema.parse((await post('/api/golf/ops/results', body)).body);
    expect(first).toMatchObject({ imported: true, changed: 2 });
    expect(first.already_done).toBeUndefined();
    expect(first.audit).toMatchObject({ action: 'import_results', round: 2, by: 'repeat-operator' });
    const stored = await tournamentRepository.field(gid);

    const again = importResultSchema.parse((await post('/api/golf/ops/results', body)).body);
    expect(again).toMatchObject({ changed: 0, already_done: true, audit: first.audit });
    expect(await tournamentRepository.field(gid)).toEqual(stored);

    const final = operatorActionResultSchema.parse(
      (await post('/api/golf/ops/round/final', { game_global_id: gid, round: 2, force: true })).body,
    );
    expect(final.already_done).toBeUndefined();
    expect(final.audit).toMatchObject({ action: 'mark_final', round: 2 });
    const repeated = await post('/api/golf/ops/round/final', { game_global_id: gid, round: 2 });
    expect(repeated.status).toBe(200);
    expect(operatorActionResultSchema.parse(repeated.body)).toMatchObject({
      already_done: true,
      score_changes: 0,
      audit: final.audit,
    });
    // The repeats wrote no audit entry of their own.
    const log = await auditRepository.list(gid);
    expect(log.map((entry) => entry.action).sort()).toEqual(['import_results', 'mark_final']);
    expect(auditRecordSchema.array().parse(log)).toHaveLength(2);
  });
});

describe('a repeated prize draw', () => {
  const fixture = finishedFixture('repeat-draw');
  const gid = fixture.id;
  const [p1, p2, p3, p4, p5] = fixture.playerIds as [string, string, string, string, string];

  it('answers already_done with the first draw’s audit entry and keeps its winners', async () => {
    await writeFixture(fixture, [
      team(gid, 1, 'repeat-a', [p1, p2, p3, p4]),
      team(gid, 2, 'repeat-a', [p1, p2, p3, p4]),
      team(gid, 1, 'repeat-b', [p2, p3, p4, p5]),
      team(gid, 2, 'repeat-b', [p2, p3, p4, p5]),
    ]);
    await batchWriteAll([
      prizeItem({
        id: `entry-${gid}`,
        kind: 'entry',
        name: 'エントリー賞 テスト（1名様）',
        description: '',
        image_url: '',
        winners_count: 1,
        rank_from: null,
        rank_to: null,
        value_yen: 1000,
        game_global_id: gid,
        season_id: 2099,
        order: 998,
      }),
    ]);
    const first = prizeDrawResultSchema.parse(
      (await post('/api/golf/ops/prizes/draw', { game_global_id: gid })).body,
    );
    expect(first.prizes).toEqual([expect.objectContaining({ state: 'drawn', winners: 1 })]);
    expect(first.audit).toMatchObject({ action: 'draw_prizes', round: 0, by: 'repeat-operator' });

    const again = prizeDrawResultSchema.parse(
      (await post('/api/golf/ops/prizes/draw', { game_global_id: gid })).body,
    );
    expect(again).toMatchObject({ already_done: true, seed: first.seed, audit: first.audit });
    expect(again.prizes).toEqual([expect.objectContaining({ state: 'kept', winners: 1 })]);
    expect((await auditRepository.list(gid)).map((entry) => entry.action)).toEqual(['draw_prizes']);
  });
});
