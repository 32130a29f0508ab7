/**
 * Corrections change only what the operator changed: the console reads a round's stored rows with
 * their versions, sends the values it changed with the version it started from, and a row changed
 * since is refused with the row as it is now, read at the start and again inside the write.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { operatorActionResultSchema } from '../../shared/src/schemas/game';
import { opsAuditLogSchema, opsRoundResultsSchema, type OpsResultRow } from '../../shared/src/schemas/ops';
import { tournamentRepository } from '../../functions/src/db/repositories/tournament-repository';
import { api, tokenFor } from './support/api';
import { gameFixture, writeFixture } from './support/game-fixtures';

const fixture = gameFixture('test-ops-corrections');
const gid = fixture.id;
const [p1, p2, p3] = fixture.playerIds as [string, string, string];
let operator: string;

interface ErrorBody {
  code: string;
  message: string;
  errors?: Record<string, string[]>;
  current?: OpsResultRow;
}

const rows = async (round: number) => {
  const answer = await api('GET', `/api/golf/ops/round/results?game_global_id=${gid}&round=${round}`, {
    token: operator,
  });
  expect(answer.status).toBe(200);
  return opsRoundResultsSchema.parse(answer.body);
};
const rowOf = async (playerId: string, round: number) =>
  (await rows(round)).players.find((p) => p.player_id === playerId)!;
const correct = (body: Record<string, unknown>) =>
  api<ErrorBody>('POST', '/api/golf/ops/result/correction', {
    token: operator,
    body: { game_global_id: gid, round: 1, reason: 'スコアカードの誤記', ...body },
  });
const stored = async (playerId: string) =>
  (await tournamentRepository.field(gid)).find((e) => e.player_id === playerId)!;

beforeAll(async () => {
  await writeFixture(fixture);
  operator = await tokenFor('corrections-operator', ['operators']);
});

describe('the stored rows a correction starts from', () => {
  it('lists every player of the round with his stored values and a version', async () => {
    const round = await rows(1);
    expect(round.results).toBe('final');
    expect(round.players).toHaveLength(12);
    expect(round.players[0]).toMatchObject({
      player_id: p1,
      name: '選手 1',
      status: 'active',
      strokes: 68,
      to_par: -4,
      thru: 18,
      birdies: 7,
      eagles: 0,
      bogeys: 0,
    });
    expect(new Set(round.players.map((p) => p.version)).size).toBe(12);
    const bad = await api('GET', `/api/golf/ops/round/results?game_global_id=${gid}&round=5`, {
      token: operator,
    });
    expect(bad.status).toBe(422);
  });
});

describe('a correction', () => {
  it('changes only the values sent and keeps every other stored field of the row', async () => {
    const before = await stored(p2);
    const row = await rowOf(p2, 1);
    const answer = await correct({ player_id: p2, base_version: row.version, birdies: row.birdies + 1 });
    expect(answer.status).toBe(200);
    const action = operatorActionResultSchema.parse(answer.body);
    expect(action.audit).toMatchObject({
      action: 'correct_result',
      by: 'corrections-operator',
      before: { player_id: p2, name: '選手 2', birdies: row.birdies },
      after: { player_id: p2, name: '選手 2', birdies: row.birdies + 1 },
    });
    // Only the changed value is named in the record.
    expect(Object.keys(action.audit!.after as object).sort()).toEqual([
      'birdies',
      'name',
      'player_id',
      'result',
    ]);
    const after = await stored(p2);
    expect(after).toEqual({
      ...before,
      rounds: [{ ...before.rounds[0]!, birdies: row.birdies + 1 }, ...before.rounds.slice(1)],
    });
    expect((await rowOf(p2, 1)).version).not.toBe(row.version);

    const log = opsAuditLogSchema.parse(
      (await api('GET', `/api/golf/ops/audit?game_global_id=${gid}`, { token: operator })).body,
    );
    expect(log.entries[0]).toMatchObject({ id: action.audit!.id, action: 'correct_result' });
  });

  it('of the status alone leaves the round’s result as it was', async () => {
    const before = await stored(p3);
    const row = await rowOf(p3, 1);
    expect((await correct({ player_id: p3, base_version: row.version, status: 'dq' })).status).toBe(200);
    const after = await stored(p3);
    expect(after.rounds).toEqual(before.rounds);
    expect(after.status).toBe('dq');
    expect(after.status_log).toMatchObject([{ status: 'dq', round: 1 }]);
  });

  it('from a row changed since is refused with 409 and the row as it is now', async () => {
    const row = await rowOf(p1, 1);
    expect((await correct({ player_id: p1, base_version: row.version, eagles: 1 })).status).toBe(200);
    const before = await stored(p1);
    const stale = await correct({ player_id: p1, base_version: row.version, bogeys: 3 });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toContain('フォームを開いたあとで変わりました');
    expect(stale.body.current).toMatchObject({ player_id: p1, eagles: 1, bogeys: row.bogeys });
    expect(stale.body.current?.version).toBe((await rowOf(p1, 1)).version);
    expect(await stored(p1)).toEqual(before);
  });

  it('is refused when the row changes between its read and its write', async () => {
    const row = await rowOf(p1, 1);
    const field = tournamentRepository.field.bind(tournamentRepository);
    // Another operator's change lands right after this correction read the field.
    const spy = vi.spyOn(tournamentRepository, 'field').mockImplementationOnce(async (id) => {
      const read = await field(id);
      const entry = read.find((e) => e.player_id === p1)!;
      await tournamentRepository.writeFieldEntries([
        {
          ...entry,
          rounds: [{ ...entry.rounds[0]!, thru: 17 }, ...entry.rounds.slice(1)] as typeof entry.rounds,
        },
      ]);
      return read;
    });
    try {
      const { correctFinalResult } = await import('../../functions/src/domain/game/operator-service');
      await expect(
        correctFinalResult({
          gameGlobalId: gid,
          round: 1,
          operatorId: 'corrections-operator',
          now: new Date(),
          playerId: p1,
          baseVersion: row.version,
          changes: { bogeys: 5 },
          reason: '同時の訂正',
        }),
      ).rejects.toMatchObject({ statusCode: 409, current: { thru: 17, bogeys: row.bogeys } });
    } finally {
      spy.mockRestore();
    }
    expect((await stored(p1)).rounds[0]).toMatchObject({ thru: 17, bogeys: row.bogeys });
  });

  it('without a changed value, a version or a reason is refused with the field named', async () => {
    const row = await rowOf(p1, 1);
    const same = await correct({ player_id: p1, base_version: row.version, eagles: row.eagles });
    expect(same.status).toBe(422);
    const nothing = await correct({ player_id: p1, base_version: row.version });
    expect(nothing.status).toBe(422);
    expect(nothing.body.errors?.['strokes']).toBeDefined();
    const noVersion = await correct({ player_id: p1, eagles: 2 });
    expect(noVersion.status).toBe(422);
    expect(noVersion.body.errors?.['base_version']).toBeDefined();
  });
});
