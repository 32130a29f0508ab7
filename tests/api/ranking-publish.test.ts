import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rankingRepository } from '../../functions/src/db/repositories/ranking-pages/ranking-repository';
import { rankingStateRepository } from '../../functions/src/db/repositories/ranking-state-repository';
import { RANKING_LEASE_MS, runRankingJob } from '../../functions/src/domain/ranking/job/publish-job';
import { resolveTournament } from '../../functions/src/domain/game/tournament-context';
import {
  ownRankingResponseSchema,
  rankingPageResponseSchema,
  rankingStatusResponseSchema,
} from '../../shared/src/schemas/ranking';
import { roundScores } from './support/team-scores';
import { tournamentRepository } from '../../functions/src/db/repositories/tournament-repository';
import { recomputeRankings } from '../../functions/src/domain/ranking/job/ranking-recompute';
import { api, tokenFor } from './support/api';
import { cancelLastRounds, gameFixture, team, writeFixture } from './support/game-fixtures';
import { queryAll } from '../../functions/src/db/query-all';
import { tableName } from '../../functions/src/db/client';
import { keys } from '../../functions/src/db/keys';
import { publishRankingsNow } from './support/rankings';

const currentGame = async () => (await resolveTournament(undefined, new Date())).game_global_id;

describe('publishing only what changed', () => {
  it('keeps the served scopes whose inputs did not change and rebuilds the rounds from a change on', async () => {
    const gameId = await currentGame();
    await publishRankingsNow(gameId);
    const first = await recomputeRankings(gameId, new Date());
    const built = (await rankingRepository.getPointer(gameId))!;
    // Nothing changed: every round scope stays in the snapshot that built it.
    const again = await recomputeRankings(gameId, new Date());
    const kept = (await rankingRepository.getPointer(gameId))!;
    expect(kept.snapshot_id).toBe(again.snapshot_id);
    const rounds = Object.keys(built.scopes).filter((r) => r !== '0' && built.scopes[r]!.totals.length > 0);
    expect(rounds).toEqual(expect.arrayContaining(['1', '2']));
    for (const round of rounds) {
      expect(kept.scopes[round]!.snapshot_id).toBe(built.scopes[round]!.snapshot_id);
    }
    // Only the yearly board and the pointer are written again (unchanged quiz boards are kept).
    expect(again.items_written).toBeLessThanOrEqual(first.items_written);
    // A round-2 result changes (a player picked in round 2 shot 30 better): round 1 is kept, rounds
    // 2 and 3 are written again from the round's frozen teams and read from there.
    const field = await tournamentRepository.field(gameId);
    const completed = field.flatMap((entry) => (entry.rounds[1]?.completed ? [entry.rounds[1].to_par!] : []));
    const worst = Math.max(...completed);
    const scores = await roundScores(gameId, 2);
    const changed = scores.find(
      (s) => s.kind === 'scored' && s.picks.some((pick) => pick.to_par !== null && pick.to_par < worst),
    )!;
    const playerId = changed.picks.find((pick) => pick.to_par !== null && pick.to_par < worst)!.player_id;
    const entry = field.find((e) => e.player_id === playerId)!;
    const round2 = entry.rounds[1]!;
    const better = { ...round2, strokes: round2.strokes! - 30, to_par: round2.to_par! - 30 };
    const token = await tokenFor(changed.user_id);
    const ownScore = async () =>
      ownRankingResponseSchema
        .parse((await api('GET', '/api/golf/ranking/user?round=2', { token })).body)
        .rankings.find((row) => row.type === 1)!.value;
    const before = await ownScore();
    await tournamentRepository.writeFieldEntries([
      { ...entry, rounds: entry.rounds.map((r, i) => (i === 1 ? better : r)) as typeof entry.rounds },
    ]);
    try {
      await recomputeRankings(gameId, new Date());
      const after = (await rankingRepository.getPointer(gameId))!;
      expect(after.scopes['1']!.snapshot_id).toBe(built.scopes['1']!.snapshot_id);
      for (const round of rounds.filter((r) => r >= '2'))
        expect(after.scopes[round]!.snapshot_id).toBe(after.snapshot_id);
      const top = rankingPageResponseSchema.parse(
        (await api('GET', '/api/golf/ranking?round=2&perPage=5')).body,
      );
      expect(top.snapshot_id).toBe(after.snapshot_id);
      expect(await ownScore()).toBe(before - 30);
      const round1 = rankingPageResponseSchema.parse(
        (await api('GET', '/api/golf/ranking?round=1&perPage=5')).body,
      );
      expect(round1.rankings.length).toBe(5);
      const mine = ownRankingResponseSchema.parse(
        (await api('GET', '/api/golf/ranking/user?round=1', { token })).body,
      );
      expect(mine.rankings.find((row) => row.type === 1)).toBeTruthy();
    } finally {
      await tournamentRepository.writeFieldEntries([entry]);
      await recomputeRankings(gameId, new Date());
    }
  });
});

describe('the ranking job', () => {
  it('publishes a marked change once and clears the mark; with nothing marked it writes nothing', async () => {
    const gameId = await currentGame();
    await publishRankingsNow(gameId);
    await rankingStateRepository.markStale(gameId, new Date());
    const before = (await rankingRepository.getPointer(gameId))!.snapshot_id;
    const result = await runRankingJob();
    // A run started by another test may hold the lease; then that run publishes the mark.
    if (!result.ran) await publishRankingsNow(gameId);
    else expect(result.published.map((p) => p.game_global_id)).toContain(gameId);
    expect(await rankingStateRepository.getStale(gameId)).toBeNull();
    const served = (await rankingRepository.getPointer(gameId))!.snapshot_id;
    expect(served > before).toBe(true);
    expect((await rankingRepository.getPointer(gameId))!.published_at).toBeTruthy();
    // Nothing marked: a run reads the marks and the current tournament, and writes nothing for it
    // (other tests' tournaments, in this shared table, may have work of their own).
    const idle = await runRankingJob();
    expect(idle.published.map((p) => p.game_global_id)).not.toContain(gameId);
    expect((await rankingRepository.getPointer(gameId))!.snapshot_id).toBe(served);
  });

  it('runs one at a time: two runs started together publish once', async () => {
    const gameId = await currentGame();
    await publishRankingsNow(gameId);
    await rankingStateRepository.markStale(gameId, new Date());
    const runs = await Promise.all([runRankingJob(), runRankingJob()]);
    expect(runs.filter((run) => run.ran).length).toBeLessThanOrEqual(1);
    const published = runs.flatMap((run) => run.published).filter((p) => p.game_global_id === gameId);
    expect(published.length).toBeLessThanOrEqual(1);
    const status = await publishRankingsNow(gameId);
    if (published[0]) expect(status.served!.snapshot_id >= published[0].snapshot_id).toBe(true);
  });

  it('never switches back to an older snapshot, nor publishes without the lease', async () => {
    const gameId = await currentGame();
    const served = (await rankingRepository.getPointer(gameId))!;
    const older = { ...served, snapshot_id: '00000000000000000000000000' };
    expect((await rankingRepository.writeSnapshot([], older, new Date())).published).toBe(false);
    const newer = { ...served, snapshot_id: `${served.snapshot_id.slice(0, -1)}Z` };
    expect(
      (await rankingRepository.writeSnapshot([], newer, new Date(), { leaseOwner: 'not-the-holder' }))
        .published,
    ).toBe(false);
    expect((await rankingRepository.getPointer(gameId))!.snapshot_id).toBe(served.snapshot_id);
  });

  it('a run killed before the switch leaves the old snapshot served; the next run finishes the work', async () => {
    const gameId = await currentGame();
    await publishRankingsNow(gameId);
    const before = (await rankingRepository.getPointer(gameId))!.snapshot_id;
    await rankingStateRepository.markStale(gameId, new Date());
    const owner = `crashed-${Date.now()}`;
    const signal = await new Promise<NodeJS.Signals | null>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', join(__dirname, 'support/crash-before-switch.ts'), owner],
        { env: process.env, stdio: 'ignore' },
      );
      child.on('error', reject);
      child.on('exit', (_code, killed) => resolve(killed));
    });
    expect(signal).toBe('SIGKILL');
    // Killed holding the lease, its pages written, the switch not made.
    expect((await rankingStateRepository.getLease())?.owner).toBe(owner);
    expect((await rankingRepository.getPointer(gameId))!.snapshot_id).toBe(before);
    const operator = await tokenFor('publish-operator', ['operators']);
    const status = rankingStatusResponseSchema.parse(
      (await api('GET', '/api/golf/ops/rankings/status', { token: operator })).body,
    );
    expect(status).toMatchObject({ stale: true, building: true, served: { snapshot_id: before } });
    // Until the lease expires nobody publishes; after it, the next run takes over and publishes.
    expect((await runRankingJob()).ran).toBe(false);
    const later = new Date(Date.now() + RANKING_LEASE_MS + 1000);
    const next = await runRankingJob({ now: later });
    expect(next.ran).toBe(true);
    expect(next.published.map((p) => p.game_global_id)).toContain(gameId);
    expect(await rankingStateRepository.getStale(gameId)).toBeNull();
    expect(await rankingStateRepository.getLease()).toBeNull();
    expect((await rankingRepository.getPointer(gameId))!.snapshot_id > before).toBe(true);
  });
});

describe('a finished tournament’s rankings', () => {
  /** When round 1's SCORE pages of the served snapshot expire (epoch seconds), and that snapshot. */
  async function roundOnePages(gameId: string) {
    const pointer = (await rankingRepository.getPointer(gameId))!;
    const snapshot = pointer.scopes['1']!.snapshot_id ?? pointer.snapshot_id;
    const items = await queryAll<{ expiresAt: number }>({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.rankingPagePartition(snapshot, 1, 'T1', 0) },
    });
    expect(items.length).toBeGreaterThan(0);
    return { snapshot, expiresAt: Math.min(...items.map((item) => item.expiresAt)) };
  }
  const daysFromNow = (epochSeconds: number) => (epochSeconds * 1000 - Date.now()) / (24 * 3600 * 1000);

  it('are kept once every round is final or cancelled, where a live one’s expire within a week', async () => {
    const fixture = gameFixture('test-finished-kept');
    await writeFixture(fixture, [
      team(fixture.id, 1, 'kept-a', fixture.playerIds.slice(0, 4)),
      team(fixture.id, 2, 'kept-a', fixture.playerIds.slice(0, 4)),
    ]);
    await recomputeRankings(fixture.id, new Date());
    const live = await roundOnePages(fixture.id);
    expect(daysFromNow(live.expiresAt)).toBeLessThanOrEqual(7);

    // Rounds 3 and 4 are cancelled: nothing can move the rankings any more. The next publish writes
    // every scope again to be kept (round 1's inputs did not change, but its items would expire).
    await cancelLastRounds(fixture.id);
    await recomputeRankings(fixture.id, new Date());
    const kept = await roundOnePages(fixture.id);
    expect(kept.snapshot).not.toBe(live.snapshot);
    expect(daysFromNow(kept.expiresAt)).toBeGreaterThan(390);
    expect((await rankingRepository.getPointer(fixture.id))!.scopes['1']!.kept).toBe(true);

    // A later publish with nothing changed keeps the kept scope as it is.
    await recomputeRankings(fixture.id, new Date());
    expect((await roundOnePages(fixture.id)).snapshot).toBe(kept.snapshot);
  });
});

describe('packing with worker threads', () => {
  it('serves the same rankings as a publish packed in the job’s own thread', async () => {
    const thread = gameFixture('test-packed-thread');
    const workers = gameFixture('test-packed-workers');
    const teamsOf = (fixture: ReturnType<typeof gameFixture>) =>
      ['a', 'b', 'c', 'd', 'e', 'f'].flatMap((user, u) =>
        [1, 2].map((round) =>
          team(
            fixture.id,
            round,
            `packed-${user}`,
            [0, 1, 2, 3].map((k) => fixture.playerIds[(u + k * round) % 9]!),
          ),
        ),
      );
    await writeFixture(thread, teamsOf(thread));
    await writeFixture(workers, teamsOf(workers));
    const alone = await recomputeRankings(thread.id, new Date(), { packingWorkers: 0 });
    const shared = await recomputeRankings(workers.id, new Date(), { packingWorkers: 1, packingFrom: 0 });
    expect(alone.packing).toBeNull();
    expect(shared.published).toBe(true);
    expect(shared.packing!.tasks_by_workers).toBeGreaterThan(0);
    const served = async (gameId: string) => {
      const pages = [];
      for (const round of [1, 2])
        for (let type = 1; type <= 7; type++) {
          const { status, body } = await api(
            'GET',
            `/api/golf/ranking?game_global_id=${gameId}&round=${round}&type=${type}&page=1`,
          );
          expect(status).toBe(200);
          pages.push(rankingPageResponseSchema.parse(body).rankings);
        }
      const token = await tokenFor('packed-c');
      const own = await api('GET', `/api/golf/ranking/user?game_global_id=${gameId}&round=2`, { token });
      return { pages, own: ownRankingResponseSchema.parse(own.body).rankings };
    };
    const expected = await served(thread.id);
    expect(expected.pages.flat().length).toBeGreaterThan(50);
    expect(await served(workers.id)).toEqual(expected);
  });
});

describe('a tournament id longer than any key', () => {
  it('finding 8: a 5,000-character game_global_id is refused as a validation error on that field (422), not 500', async () => {
    const operator = await tokenFor('publish-operator', ['operators']);
    const long = 'x'.repeat(5000);
    const status = await api<{ code: string; errors?: Record<string, string[]> }>(
      'GET',
      `/api/golf/ops/rankings/status?game_global_id=${long}`,
      { token: operator },
    );
    expect(status.status).toBe(422);
    expect(Object.keys(status.body.errors ?? {})).toEqual(['game_global_id']);
    const recompute = await api<{ errors?: Record<string, string[]> }>(
      'POST',
      '/api/golf/ops/rankings/recompute',
      {
        token: operator,
        body: { game_global_id: long },
      },
    );
    expect(recompute.status).toBe(422);
    expect(Object.keys(recompute.body.errors ?? {})).toEqual(['game_global_id']);
  });
});
