/**
 * The data migrations (`npm run ops -- migrate`, functions/src/domain/migrations/): on a stack
 * of this file's own, so that the migration record it removes (a table from before the release)
 * never holds back the jobs of the files running beside it.
 */
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stack } from '../../scripts/local-stack/stack';
import { runOps } from '../../scripts/ops/cli';
import { migrationRunSchema } from '../../shared/src/schemas/ops';
import { batchWriteAll } from '../../functions/src/db/batch-write';
import { db, tableName } from '../../functions/src/db/client';
import { keys } from '../../functions/src/db/keys';
import { queryAll } from '../../functions/src/db/query-all';
import { migrationRepository } from '../../functions/src/db/repositories/migration-repository';
import { saveReceiptRepository } from '../../functions/src/db/repositories/save-receipt-repository';
import {
  teamItem,
  teamRepository,
  type TeamRecord,
} from '../../functions/src/db/repositories/team-repository';
import { runMigrations } from '../../functions/src/domain/migrations/runner';
import { gameFixture, team } from './support/game-fixtures';
import { publishTournament, startOwnStack } from './support/own-stack';

const name = 'team-items-by-shard';

let stack: Stack;
let operatorToken: string;

beforeAll(async () => {
  const own = await startOwnStack('migrations', { seed: false });
  stack = own.stack;
  operatorToken = await own.token('ops-migrate', ['operators']);
}, 120_000);
afterAll(() => stack?.stop());

/** `npm run ops -- migrate` against the own stack: its exit code and the last call's answer. */
async function migrate() {
  let stdout = '';
  const output = { stdout: (text: string) => (stdout += text), stderr: () => undefined };
  const code = await runOps(['migrate', '--url', stack.url, '--token', operatorToken], output);
  return { code, run: migrationRunSchema.parse(JSON.parse(stdout)) };
}

/** This file's migration in a run's answer (the others run beside it). */
const ours = (run: { migrations: Array<{ name: string }> }) => run.migrations.find((m) => m.name === name);

/** A table from before the sharding: its items at the old keys, and no record of the migration. */
async function storeUnsharded(teams: TeamRecord[], receiptsOf: string[], gameGlobalId: string) {
  await batchWriteAll([
    ...teams.map((stored) => ({
      ...teamItem(stored),
      PK: keys.unshardedTeamPartition(stored.game_global_id, stored.round),
    })),
    ...receiptsOf.map((userId) => ({
      PK: keys.unshardedSaveReceiptsDuePartition,
      SK: `${gameGlobalId}#R1#USER#${userId}`,
      entity: 'save_receipt_due',
      user_id: userId,
      game_global_id: gameGlobalId,
      round: 1,
      last_saved_at: '2026-01-01T00:00:00.000Z',
      due_at: '2026-01-01T00:02:00.000Z',
    })),
  ]);
  await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.migration(name) }));
}

const unshardedLeft = async (gameGlobalId: string) =>
  (
    await Promise.all(
      [
        ...[1, 2, 3, 4].map((round) => keys.unshardedTeamPartition(gameGlobalId, round)),
        keys.unshardedSaveReceiptsDuePartition,
      ].map((pk) =>
        queryAll({
          TableName: tableName(),
          KeyConditionExpression: 'PK = :pk',
          ExpressionAttributeValues: { ':pk': pk },
        }),
      ),
    )
  ).flat();

describe('npm run ops -- migrate', () => {
  it('moves the teams and receipts stored before the sharding to the save shards, once: a second run skips it', async () => {
    const fixture = gameFixture('test-migrate');
    const { id, playerIds: p } = fixture;
    await publishTournament(fixture);
    // More teams than a page of the move, over 2 rounds, and 2 receipts waiting to be mailed.
    const users = Array.from({ length: 130 }, (_, i) => `migrate-u${String(i).padStart(3, '0')}`);
    const stored = [
      ...users.map((userId) => team(id, 1, userId, p.slice(0, 4))),
      ...users.slice(0, 3).map((userId) => team(id, 2, userId, p.slice(1, 5))),
    ];
    await storeUnsharded(stored, users.slice(0, 2), id);
    // A save the new release stored since: the player's latest team, which the old one never replaces.
    const saved = team(id, 1, users[0]!, p.slice(4, 8), {
      version: 2,
      last_saved_at: '2026-01-02T00:00:00.000Z',
    });
    await batchWriteAll([teamItem(saved)]);

    const first = await migrate();
    expect(first.code).toBe(0);
    expect(first.run.done).toBe(true);
    expect(ours(first.run)).toEqual(expect.objectContaining({ state: 'applied', moved: 130 + 3 - 1 + 2 }));
    expect(await migrationRepository.applied()).toContain(name);

    const second = await migrate();
    expect(second.code).toBe(0);
    expect(second.run.done).toBe(true);
    expect(ours(second.run)).toEqual(expect.objectContaining({ state: 'applied_before', moved: 0 }));

    // Every team once, at its user's shard, as it was stored; the later save kept.
    const round1 = await teamRepository.listRound(id, 1);
    expect(round1.map((t) => t.user_id).sort()).toEqual(users);
    expect(round1.find((t) => t.user_id === users[0])).toEqual(saved);
    expect(await teamRepository.get(id, 1, users[77]!)).toEqual(stored[77]);
    expect(await teamRepository.countRound(id, 1)).toBe(130);
    expect((await teamRepository.listRound(id, 2)).map((t) => t.user_id).sort()).toEqual(users.slice(0, 3));
    expect(
      (await saveReceiptRepository.listDue(new Date('2026-01-01T00:05:00Z')))
        .filter((due) => due.game_global_id === id)
        .map((due) => due.user_id)
        .sort(),
    ).toEqual(users.slice(0, 2));
    expect(await unshardedLeft(id)).toEqual([]);
  });

  it('goes on where a run cut short stopped, and records the migration only once it is done', async () => {
    const fixture = gameFixture('test-migrate-cut');
    const { id, playerIds: p } = fixture;
    await publishTournament(fixture);
    const users = ['cut-a', 'cut-b', 'cut-c'];
    const stored = users.map((userId) => team(id, 3, userId, p.slice(0, 4)));
    await storeUnsharded(stored, [], id);
    // A run stopped between a copy and its delete: the team at both keys.
    await batchWriteAll([teamItem(stored[0]!)]);

    const cut = await runMigrations({ now: new Date(), budgetMs: 0 });
    expect(cut.done).toBe(false);
    expect(ours(cut)).toEqual(expect.objectContaining({ state: 'unfinished' }));
    expect(await migrationRepository.applied()).not.toContain(name);

    const { run } = await migrate();
    expect(ours(run)).toEqual(expect.objectContaining({ state: 'applied', moved: 2 }));
    expect((await teamRepository.listRound(id, 3)).map((t) => t.user_id).sort()).toEqual(users);
    expect(await unshardedLeft(id)).toEqual([]);
  });

  it('runs the migrations in order: one after an unfinished one waits, and each is recorded once done', async () => {
    const ran: string[] = [];
    let finishes = false;
    const step = (name: string, done: () => boolean) => ({
      name,
      description: name,
      run: async () => {
        ran.push(name);
        return { done: done(), moved: 1 };
      },
    });
    const order = [step('test-first', () => finishes), step('test-second', () => true)];

    const cut = await runMigrations({ now: new Date(), budgetMs: 60_000, migrations: order });
    expect(cut.done).toBe(false);
    expect(cut.migrations.map((m) => [m.name, m.state])).toEqual([
      ['test-first', 'unfinished'],
      ['test-second', 'waiting'],
    ]);
    expect(ran).toEqual(['test-first']);

    finishes = true;
    const done = await runMigrations({ now: new Date(), budgetMs: 60_000, migrations: order });
    expect(done.migrations.map((m) => [m.name, m.state])).toEqual([
      ['test-first', 'applied'],
      ['test-second', 'applied'],
    ]);
    const again = await runMigrations({ now: new Date(), budgetMs: 60_000, migrations: order });
    expect(again.migrations.map((m) => m.state)).toEqual(['applied_before', 'applied_before']);
    expect(ran).toEqual(['test-first', 'test-first', 'test-second']);
  });

  it('holds back the settlement and the ranking until every migration is applied, migrating first', async () => {
    const fixture = gameFixture('test-migrate-jobs');
    const { id, playerIds: p } = fixture;
    await publishTournament(fixture);
    await storeUnsharded([team(id, 1, 'jobs-a', p.slice(0, 4))], [], id);

    const carryOver = await (await import('../../functions/src/jobs/carry-over')).handler();
    expect(carryOver).toEqual({ skipped: true });
    // The job ran the migration instead of its work: the next run does its work.
    expect(await migrationRepository.applied()).toContain(name);
    expect(await teamRepository.get(id, 1, 'jobs-a')).toBeDefined();
    expect(await unshardedLeft(id)).toEqual([]);
    expect(await (await import('../../functions/src/jobs/carry-over')).handler()).not.toEqual({
      skipped: true,
    });
  });
});
