import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { getPointer, writeSnapshot } from '../../functions/src/db/repositories/ranking-repository';
import { getLease, getStale, markStale } from '../../functions/src/db/repositories/ranking-state-repository';
import { RANKING_LEASE_MS, runRankingJob } from '../../functions/src/domain/ranking/publish-job';
import { resolveTournament } from '../../functions/src/domain/game/tournament-context';
import { rankingStatusResponseSchema } from '../../shared/src/schemas/ranking';
import { api, tokenFor } from './support/api';
import { waitForRankings } from './support/rankings';

const currentGame = async () => (await resolveTournament(undefined, new Date())).game_global_id;

describe('the ranking job', () => {
  it('publishes a marked change once and clears the mark; with nothing marked it writes nothing', async () => {
    const gameId = await currentGame();
    await waitForRankings(gameId);
    await markStale(gameId, new Date());
    const before = (await getPointer(gameId))!.snapshot_id;
    const result = await runRankingJob();
    // A run started by another test may hold the lease; then that run publishes the mark.
    if (!result.ran) await waitForRankings(gameId);
    else expect(result.published.map((p) => p.game_global_id)).toContain(gameId);
    expect(await getStale(gameId)).toBeNull();
    const served = (await getPointer(gameId))!.snapshot_id;
    expect(served > before).toBe(true);
    expect((await getPointer(gameId))!.published_at).toBeTruthy();
    // Nothing marked: a run reads the marks and the current tournament, and writes nothing.
    const idle = await runRankingJob();
    expect(idle.published).toEqual([]);
    expect((await getPointer(gameId))!.snapshot_id).toBe(served);
  });

  it('runs one at a time: two runs started together publish once', async () => {
    const gameId = await currentGame();
    await waitForRankings(gameId);
    await markStale(gameId, new Date());
    const runs = await Promise.all([runRankingJob(), runRankingJob()]);
    expect(runs.filter((run) => run.ran).length).toBeLessThanOrEqual(1);
    const published = runs.flatMap((run) => run.published).filter((p) => p.game_global_id === gameId);
    expect(published.length).toBeLessThanOrEqual(1);
    const status = await waitForRankings(gameId);
    if (published[0]) expect(status.served!.snapshot_id >= published[0].snapshot_id).toBe(true);
  });

  it('never switches back to an older snapshot, nor publishes without the lease', async () => {
    const gameId = await currentGame();
    const served = (await getPointer(gameId))!;
    const older = { ...served, snapshot_id: '00000000000000000000000000' };
    expect((await writeSnapshot([], older, new Date())).published).toBe(false);
    const newer = { ...served, snapshot_id: `${served.snapshot_id.slice(0, -1)}Z` };
    expect((await writeSnapshot([], newer, new Date(), { leaseOwner: 'not-the-holder' })).published).toBe(
      false,
    );
    expect((await getPointer(gameId))!.snapshot_id).toBe(served.snapshot_id);
  });

  it('a run killed before the switch leaves the old snapshot served; the next run finishes the work', async () => {
    const gameId = await currentGame();
    await waitForRankings(gameId);
    const before = (await getPointer(gameId))!.snapshot_id;
    await markStale(gameId, new Date());
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
    expect((await getLease())?.owner).toBe(owner);
    expect((await getPointer(gameId))!.snapshot_id).toBe(before);
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
    expect(await getStale(gameId)).toBeNull();
    expect(await getLease()).toBeNull();
    expect((await getPointer(gameId))!.snapshot_id > before).toBe(true);
  });
});
