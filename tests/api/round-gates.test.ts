/**
 * The round gates a team save checks (docs/adr/0020-round-gates-by-shard.md), on a stack of the
 * file's own: the migration of tournaments stored with the 4-shard deadline locks, what a save's
 * refusal says when the gate refuses it, and the scheduled repair of a gate a writer left behind.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { FieldEntryRecord } from '../../shared/src/schedule/tournament-record';
import { batchGetAll } from '../../functions/src/db/batch-get';
import { batchWriteAll } from '../../functions/src/db/batch-write';
import { db, tableName } from '../../functions/src/db/client';
import { keys, SAVE_SHARDS, saveShard } from '../../functions/src/db/keys';
import { playerProfileItem } from '../../functions/src/db/repositories/player-repository';
import {
  gateMark,
  roundGateRepository,
  type RoundGateVersion,
} from '../../functions/src/db/repositories/round-gate-repository';
import { teamRepository } from '../../functions/src/db/repositories/team-repository';
import {
  fieldEntryItem,
  storedTournamentItem,
} from '../../functions/src/db/repositories/tournament-repository';
import { migrations } from '../../functions/src/domain/migrations/registry';
import type { Stack } from '../../scripts/local-stack/stack';
import { openFixture, team } from './support/game-fixtures';
import { callerOf, registerPlayer, startOwnStack } from './support/own-stack';
import type { ErrorBody } from './support/race';

const day = 24 * 3600_000;
const start = Date.parse('2026-10-01T06:00:00+09:00');
/** Every round open: deadlines a day apart from a day after the clock. */
const fixture = openFixture('gates', 2026, (round) => start + round * day);
const { id: gid, playerIds } = fixture;
const [p1, p2, p3, p4, p5, , , , , , , withdrawn] = playerIds as [string, ...string[]] & string[];
/** Stored as before the gates: one player withdrawn. */
const field: FieldEntryRecord[] = fixture.field.map((entry) =>
  entry.player_id === withdrawn ? { ...entry, status: 'wd' } : entry,
);
/** A player whose gate shard is not among the 4 the deadline locks had. */
const saver = Array.from({ length: 20 }, (_, i) => `gates-saver-${i}`).find((id) => saveShard(id) >= 4)!;

let stack: Stack;
let call: ReturnType<typeof callerOf>;

/** Every shard of every round's gate, round by round. */
const allShards = async () =>
  batchGetAll(
    [1, 2, 3, 4].flatMap((round) =>
      Array.from({ length: SAVE_SHARDS }, (_, shard) => keys.roundGate(gid, round, shard)),
    ),
    { consistentRead: true },
  );

const shardsOf = async (round: number) =>
  (await allShards()).filter((item) => (item['PK'] as string).includes(`#R${round}#`));

const versionsOf = async (): Promise<RoundGateVersion[]> =>
  (await roundGateRepository.versions([gid])).sort((a, b) => a.round - b.round);

const carryOverJob = async () => (await import('../../functions/src/jobs/carry-over')).handler();

beforeAll(async () => {
  const own = await startOwnStack('round-gates', { seed: false, clock: new Date(start) });
  stack = own.stack;
  call = callerOf(own);
  await registerPlayer(saver, { copyNextRound: false });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

describe('the migration round-gates-by-shard', () => {
  it('writes every listed tournament’s gates from its record and field, over the 4-shard locks; run twice, the saves are judged as the record says', async () => {
    await batchWriteAll([
      storedTournamentItem({ ...fixture.record, published: true }),
      ...field.map(fieldEntryItem),
      ...fixture.profiles.map(playerProfileItem),
      // The deadline locks as stored before: 4 shards of the deadline alone.
      ...fixture.record.rounds.flatMap((round) =>
        [0, 1, 2, 3].map((shard) => ({
          ...keys.roundGate(gid, round.round, shard),
          entity: 'round_lock',
          deadline_at: round.deadline_at,
        })),
      ),
    ]);
    const migration = migrations.find((m) => m.name === 'round-gates-by-shard')!;
    const step = { now: new Date(start), timeLeft: () => true };
    expect((await migration.run(step)).done).toBe(true);
    expect((await migration.run(step)).done).toBe(true);

    const shards = await allShards();
    expect(shards).toHaveLength(4 * SAVE_SHARDS);
    for (const round of fixture.record.rounds)
      for (const shard of shards.filter((item) => (item['PK'] as string).includes(`#R${round.round}#`))) {
        expect(shard['deadline_at']).toBe(round.deadline_at);
        expect(shard['ineligible']).toEqual(new Set([gateMark(withdrawn!)]));
      }
    expect((await versionsOf()).map((v) => [v.round, v.gate_written === v.gate_version])).toEqual([
      [1, true],
      [2, true],
      [3, true],
      [4, true],
    ]);

    // Saves checking a shard the locks never had: an eligible team taken, the withdrawn player refused.
    const saved = await call('PUT', '/api/golf/round/1/team', saver, {
      game_global_id: gid,
      player_ids: [p1, p2, p3, p4],
    });
    expect(saved.status).toBe(200);
    const record = team(gid, 2, saver, [p1!, p2!, p3!, withdrawn!], { version: 0 });
    const nowIso = new Date(start).toISOString();
    expect(
      await teamRepository.guardedPut(record, { nowIso, newPlayerIds: [withdrawn!], expectedVersion: 0 }),
    ).toEqual({ kind: 'player_ineligible', playerId: withdrawn });
    expect(
      await teamRepository.guardedPut(record, {
        nowIso: fixture.record.rounds[1]!.deadline_at,
        newPlayerIds: [p1!],
        expectedVersion: 0,
      }),
    ).toEqual({ kind: 'deadline_passed' });
  });

  it('a save the gate refuses answers as before: 422 on player_id for a player it lists, 409 deadline_passed past its deadline', async () => {
    // The gate of round 3 lists p5 though the field (and so the check before the write) does not.
    const [shard] = await batchGetAll([keys.roundGate(gid, 3, saveShard(saver))], { consistentRead: true });
    await batchWriteAll([
      { ...shard, ineligible: new Set([...(shard!['ineligible'] as Set<string>), gateMark(p5!)]) },
    ]);
    const refused = await call<ErrorBody>('PUT', '/api/golf/round/3/team', saver, {
      game_global_id: gid,
      player_ids: [p1, p2, p3, p5],
    });
    expect([refused.status, refused.body.message, refused.body.errors]).toEqual([
      422,
      '選択できない選手が含まれています。',
      { player_id: ['この選手は現在選択できません。'] },
    ]);
    await batchWriteAll([{ ...shard, deadline_at: new Date(start - 1000).toISOString() }]);
    const late = await call<ErrorBody>('PUT', '/api/golf/round/3/team', saver, {
      game_global_id: gid,
      player_ids: [p1, p2, p3, p4],
    });
    expect([late.status, late.body.code]).toEqual([409, 'deadline_passed']);
  });
});

describe('the scheduled repair of round gates', () => {
  it('writes again a gate whose writer died after the tournament’s write, and then finds nothing to do', async () => {
    const before = (await shardsOf(4))[0]!['deadline_at'];
    const moved = new Date(Date.parse(fixture.record.rounds[3]!.deadline_at) + 3600_000).toISOString();
    // The write of a deadline move with its raise of the round's gate version, and no gate written.
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: storedTournamentItem({
                ...fixture.record,
                published: true,
                rounds: fixture.record.rounds.map((r) =>
                  r.round === 4 ? { ...r, deadline_at: moved } : r,
                ) as typeof fixture.record.rounds,
              }),
            },
          },
          roundGateRepository.raise(gid, 4),
        ],
      }),
    );
    expect(new Set((await shardsOf(4)).map((item) => item['deadline_at']))).toEqual(new Set([before]));

    const run = await carryOverJob();
    expect(run).toMatchObject({ gates_repaired: [{ game_global_id: gid, rounds: [4] }] });
    expect(new Set((await shardsOf(4)).map((item) => item['deadline_at']))).toEqual(new Set([moved]));
    expect(await carryOverJob()).toMatchObject({ gates_repaired: [] });
  });

  it('writes again the gates of a batch of field entries that never ended, and forgets the batch', async () => {
    const disqualified = { ...field.find((entry) => entry.player_id === p5)!, status: 'dq' as const };
    // A batch that started (and should have ended a minute ago, by the host's clock), its entry written, no gate.
    await roundGateRepository.changing(gid, [1, 2, 3, 4], new Date(Date.now() - 60_000).toISOString());
    await batchWriteAll([fieldEntryItem(disqualified)]);
    expect((await shardsOf(1)).some((item) => (item['ineligible'] as Set<string>).has(gateMark(p5!)))).toBe(
      false,
    );

    const run = await carryOverJob();
    expect(run).toMatchObject({ gates_repaired: [{ game_global_id: gid, rounds: [1, 2, 3, 4] }] });
    for (const item of await allShards())
      expect(item['ineligible']).toEqual(new Set([gateMark(withdrawn!), gateMark(p5!)]));
    expect((await versionsOf()).map((v) => v.changing)).toEqual([0, 0, 0, 0]);
    expect(await carryOverJob()).toMatchObject({ gates_repaired: [] });
  });
});
