/**
 * A deadline that passes on its own settles the round at once, for every view: between the deadline
 * and the carry-over job's next run (up to 5 minutes in AWS) the views settle a team on read, so no
 * view and no share card shows a golfer withdrawn before the deadline, and the job then stores
 * exactly the team they showed. The game clock is moved without running any job (`setClockTo`), on a
 * stack of the file's own whose handlers run in this process.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Stack } from '../../scripts/local-stack/stack';
import { nowMs, setClockTo } from '../../functions/src/lib/clock';
import type { MyScore, RoundView, TeamView } from '../../shared/src/schemas/game';
import type { ShareCard } from '../../shared/src/schemas/share';
import { moveClockTo, resetClock, runDueJobs } from './support/clock';
import { openFixture } from './support/game-fixtures';
import { callerOf, publishTournament, registerPlayer, startOwnStack } from './support/own-stack';

const hour = 3600_000;
const day = 24 * hour;
const firstDeadline = Date.parse('2026-08-06T06:30:00+09:00');
const deadlineOf = (round: number) => firstDeadline + (round - 1) * day;
const iso = (ms: number) => new Date(ms).toISOString();

/** A published tournament of 12 active players, every round open, no results. */
const { id: gid, record, field, profiles, playerIds } = openFixture('passed-settle', 2026, deadlineOf);
const player = (n: number) => playerIds[n - 1]!;
/** X: on the owner's round-2 team and the copier's round-1 team; withdrawn before round 2's deadline. */
const x = player(4);
const [p1, p2, p3, p5, p6, p7] = [player(1), player(2), player(3), player(5), player(6), player(7)];
const nameOf = new Map(field.map((entry) => [entry.player_id, entry.name]));

let stack: Stack;

let call: ReturnType<typeof callerOf>;

const save = async (user: string, round: number, players: string[]) => {
  const saved = await call('PUT', `/api/golf/round/${round}/team`, user, {
    game_global_id: gid,
    player_ids: players,
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
};

const roundView = async (user: string) => {
  const view = await call<RoundView>('GET', `/api/golf/round/2?game_global_id=${gid}`, user);
  expect(view.status).toBe(200);
  return view.body;
};
const otherTeam = async (viewer: string, user: string) => {
  const view = await call<{ team: TeamView | null }>(
    'GET',
    `/api/golf/round/2/team/${user}?game_global_id=${gid}`,
    viewer,
  );
  expect(view.status).toBe(200);
  return view.body.team;
};
const myScore = async (user: string) => {
  const score = await call<MyScore>('GET', `/api/golf/schedule/score/me?game_global_id=${gid}`, user);
  expect(score.status).toBe(200);
  return score.body.rounds[1]!;
};
const picksOf = (team: TeamView | null) =>
  (team?.slots ?? []).map((slot) => (slot ? [slot.player.player_id, slot.auto] : null));

/**
 * Every view of the two players' round-2 teams at this instant: the round page (whose team the live
 * panel shows too), another user's view of it, and my page's round summary.
 */
async function views() {
  return {
    owner: (await roundView('ps-owner')).team,
    copier: (await roundView('ps-copier')).team,
    ownerSeenByViewer: await otherTeam('ps-viewer', 'ps-owner'),
    copierSeenByViewer: await otherTeam('ps-viewer', 'ps-copier'),
    ownerSummary: await myScore('ps-owner'),
    copierSummary: await myScore('ps-copier'),
  };
}

/**
 * What one read of a user's round-2 team as played asks the repositories for (the stack runs in this
 * process): his team alone (`get`), his teams of rounds 1-2 (`getRounds`), his copy setting.
 */
async function readsOfTeam(user: string) {
  const { tournamentRepository } = await import('../../functions/src/db/repositories/tournament-repository');
  const { teamRepository } = await import('../../functions/src/db/repositories/team-repository');
  const { userRepository } = await import('../../functions/src/db/repositories/user-repository');
  const { teamAsSettled } = await import('../../functions/src/domain/game/settled-team');
  const record = (await tournamentRepository.get(gid))!;
  const spies = {
    get: vi.spyOn(teamRepository, 'get'),
    getRounds: vi.spyOn(teamRepository, 'getRounds'),
    copySetting: vi.spyOn(userRepository, 'copyNextRound'),
    putIfUnchanged: vi.spyOn(teamRepository, 'putIfUnchanged'),
  };
  try {
    await teamAsSettled(record, 2, user, new Date(nowMs()));
    return Object.fromEntries(Object.entries(spies).map(([name, spy]) => [name, spy.mock.calls.length]));
  } finally {
    for (const spy of Object.values(spies)) spy.mockRestore();
  }
}

beforeAll(async () => {
  const own = await startOwnStack('passed-settle', {
    seed: false,
    clock: new Date(deadlineOf(1) - 2 * hour),
  });
  stack = own.stack;
  call = callerOf(own);
  await publishTournament({ record, field, profiles });
  await registerPlayer('ps-owner', { copyNextRound: false });
  await registerPlayer('ps-copier', { copyNextRound: true });
  await registerPlayer('ps-viewer', { copyNextRound: false });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  resetClock();
});

describe('a passed deadline', () => {
  it('a passed deadline settles at once: before the carry-over job runs, every view and the share card show the withdrawn golfer’s AUTO replacement, and the job then stores exactly that team', async () => {
    // Round 1: the copier saves a team with X and copies it on; round 1 is settled as usual.
    await save('ps-copier', 1, [x, p5, p6, p7]);
    await save('ps-viewer', 1, [p1, p2, p5, p6]);
    await moveClockTo(new Date(deadlineOf(1) + hour));

    // Round 2: the owner saves a team with X; the copier saves none. X withdraws before the deadline.
    await moveClockTo(new Date(deadlineOf(2) - hour));
    await save('ps-owner', 2, [p1, x, p2, p3]);
    const withdrawn = await call(
      'POST',
      '/api/golf/ops/player/withdrawal',
      'ps-operator',
      { game_global_id: gid, player_id: x, reason: '体調不良' },
      true,
    );
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
    // Before the deadline the stored team is what the round page shows, with its warning.
    // Before the deadline a team is read as stored: one Get.
    const asStored = { get: 1, getRounds: 0, copySetting: 0, putIfUnchanged: 0 };
    expect(await readsOfTeam('ps-owner')).toEqual(asStored);
    const open = await roundView('ps-owner');
    expect(picksOf(open.team)[1]).toEqual([x, false]);
    expect(open.warnings.map((w) => w.player_id)).toEqual([x]);

    // The deadline passes and no job runs.
    setClockTo(new Date(deadlineOf(2) + 60_000));
    const { teamRepository } = await import('../../functions/src/db/repositories/team-repository');
    const { tournamentRepository } =
      await import('../../functions/src/db/repositories/tournament-repository');
    expect((await tournamentRepository.get(gid))?.rounds[1]?.settled_at).toBeUndefined();
    const storedBefore = await teamRepository.get(gid, 2, 'ps-owner');
    expect(storedBefore?.picks.map((p) => p.player_id)).toContain(x);
    expect(await teamRepository.get(gid, 2, 'ps-copier')).toBeUndefined();

    const settled = await views();
    // Between the deadline and its settlement a read settles the team and writes nothing: the user's
    // teams of rounds 1-2 in one BatchGet, and the copy setting of a user who saved no team (the
    // field and profiles come from the round pages' copy).
    expect(await readsOfTeam('ps-owner')).toEqual({
      get: 0,
      getRounds: 1,
      copySetting: 0,
      putIfUnchanged: 0,
    });
    expect(await readsOfTeam('ps-copier')).toEqual({
      get: 0,
      getRounds: 1,
      copySetting: 1,
      putIfUnchanged: 0,
    });
    expect((await teamRepository.get(gid, 2, 'ps-owner'))?.picks).toEqual(storedBefore?.picks);
    expect(await teamRepository.get(gid, 2, 'ps-copier')).toBeUndefined();
    // The owner's team: X's slot holds the AI's pick, marked AUTO; the others stay as saved.
    const owner = picksOf(settled.owner);
    const replacement = owner[1]![0] as string;
    expect(owner).toEqual([
      [p1, false],
      [replacement, true],
      [p2, false],
      [p3, false],
    ]);
    expect([p1, x, p2, p3]).not.toContain(replacement);
    expect(settled.owner?.source).toBe('manual');
    expect(settled.owner?.last_saved_at).toBe(iso(deadlineOf(2)));
    // The copier's team: round 1's, every pick AUTO, X replaced.
    const copier = picksOf(settled.copier);
    expect(copier.map((pick) => pick?.[0])).not.toContain(x);
    expect(copier.slice(1).map((pick) => pick?.[0])).toEqual([p5, p6, p7]);
    expect(copier.every((pick) => pick?.[1] === true)).toBe(true);
    expect(settled.copier?.source).toBe('carry_over');
    // Another user sees the same teams; my page counts the copied team.
    expect(settled.ownerSeenByViewer).toEqual(settled.owner);
    expect(settled.copierSeenByViewer).toEqual(settled.copier);
    expect(settled.copierSummary.has_team).toBe(true);
    expect(settled.ownerSummary.has_team).toBe(true);

    // The share card drawn now shows the replacement, not X.
    const shared = await call<ShareCard>('POST', `/api/golf/round/2/share?game_global_id=${gid}`, 'ps-owner');
    expect(shared.status, JSON.stringify(shared.body)).toBe(200);
    const page = await (await fetch(shared.body.share_url)).text();
    const alt = /のチーム：([^"]*)"/.exec(page)?.[1]?.split('、');
    expect(alt).toEqual([p1, replacement, p2, p3].map((id) => nameOf.get(id)));

    // The job runs: it stores exactly the teams the views showed, and they do not change.
    const run = await runDueJobs();
    expect(run.carryOver).toEqual({
      tournaments: [{ game_global_id: gid, rounds: [{ round: 2, carried: 1, replaced: 1 }] }],
      gates_repaired: [],
    });
    const storedOwner = await teamRepository.get(gid, 2, 'ps-owner');
    const storedCopier = await teamRepository.get(gid, 2, 'ps-copier');
    expect(storedOwner?.picks.map((p) => [p.player_id, p.auto])).toEqual(owner);
    expect(storedOwner?.last_saved_at).toBe(settled.owner?.last_saved_at);
    expect(storedOwner?.source).toBe(settled.owner?.source);
    expect(storedCopier?.picks.map((p) => [p.player_id, p.auto])).toEqual(copier);
    expect(storedCopier?.last_saved_at).toBe(settled.copier?.last_saved_at);
    expect(storedCopier?.source).toBe('carry_over');
    expect((await tournamentRepository.get(gid))?.rounds[1]?.settled_at).toBeDefined();
    expect(await views()).toEqual(settled);
    // Once settled, a team is read as stored again: one Get.
    expect(await readsOfTeam('ps-owner')).toEqual(asStored);
  }, 120_000);
});
