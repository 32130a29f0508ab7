/**
 * Operators' actions at any size: a final mark or a correction reads no team item in the request
 * (a round may have a million); it stores a task with its change, and the ranking job writes the
 * change records (why my score moved) from the round's frozen teams. A run that fails halfway leaves
 * the unfinished task to the next, which writes each record once.
 */
import { describe, expect, it, vi } from 'vitest';
import { gunzipSync } from 'node:zlib';
import {
  scoreChangeRepository,
  scoreChangeTaskRepository,
  type ScoreChangeTask,
} from '../../functions/src/db/repositories/score-change-repository';
import { teamRepository } from '../../functions/src/db/repositories/team-repository';
import { tournamentRepository } from '../../functions/src/db/repositories/tournament-repository';
import { correctFinalResult, markRoundFinal } from '../../functions/src/domain/game/operator-service';
import { runRankingJob } from '../../functions/src/domain/ranking/job/publish-job';
import { recomputeRankings } from '../../functions/src/domain/ranking/job/ranking-recompute';
import { writeScoreChangeTasks } from '../../functions/src/domain/ranking/io/score-change-tasks';
import { gameFixture, team, versionOf, writeFixture } from './support/game-fixtures';

const fixture = gameFixture('test-change-tasks');
const { id, playerIds: p } = fixture;
// Round 2 played and settled at its deadline (its teams frozen), results provisional.
const second = fixture.record.rounds[1]!;
second.results = 'provisional';
second.settled_at = new Date(Date.parse(second.deadline_at) + 1000).toISOString();

/** The calls that read a round's team items, spied on while `run` runs. */
async function withoutTeamReads<T>(run: () => Promise<T>): Promise<T> {
  const reads = (['listRound', 'countRound', 'getUsers'] as const).map((name) =>
    vi.spyOn(teamRepository, name),
  );
  try {
    const result = await run();
    for (const read of reads) expect(read).not.toHaveBeenCalled();
    return result;
  } finally {
    for (const read of reads) read.mockRestore();
  }
}

/** A correction of a player's round-1 result (final): every round-1 team with him moves by 2. */
const correctRoundOne = async (gameGlobalId: string, playerId: string) =>
  correctFinalResult({
    gameGlobalId,
    round: 1,
    operatorId: 'tasks-operator',
    now: new Date(),
    playerId,
    baseVersion: await versionOf(gameGlobalId, playerId, 1),
    changes: { strokes: 90, to_par: 18, bogeys: 18 },
    reason: 'スコアカードの誤記',
  });

const changesOf = async (user: string) =>
  (await scoreChangeRepository.list(user, id, 2)).map((c) => [c.cause, c.before?.score, c.after?.score]);

describe('change records of operators’ actions', () => {
  it('are written by the job from the frozen teams; the actions read no team', async () => {
    await writeFixture(fixture, [
      ...['tasks-a', 'tasks-b', 'tasks-c'].map((user) => team(id, 1, user, p.slice(0, 4))),
      team(id, 2, 'tasks-a', p.slice(0, 4)), // +4 +3 +2 +1 = +10
      team(id, 2, 'tasks-b', p.slice(4, 8)), // 0 -1 -2 -3 = -6
      team(id, 2, 'tasks-c', [p[0]!, p[1]!, p[4]!, p[5]!]), // +4 +3 0 -1 = +6
    ]);
    // The job's first run freezes rounds 1 and 2, with their summaries.
    await recomputeRankings(id, new Date());

    // The tasks each action stores in the transaction of its change (a ranking job started by
    // another test may write their records at any time: the checks below do not depend on who does).
    const stored: ScoreChangeTask[] = [];
    const putWithAudit = tournamentRepository.putWithAudit.bind(tournamentRepository);
    const capture = vi.spyOn(tournamentRepository, 'putWithAudit').mockImplementation((...args) => {
      for (const write of args[2].also ?? []) {
        const item = write.Put?.Item as { task?: Uint8Array } | undefined;
        if (item?.task) stored.push(JSON.parse(gunzipSync(item.task).toString('utf8')) as ScoreChangeTask);
      }
      return putWithAudit(...args);
    });
    const operator = { gameGlobalId: id, round: 2, operatorId: 'tasks-operator', now: new Date() };
    try {
      const final = await withoutTeamReads(() => markRoundFinal({ ...operator, force: true }));
      expect(final.score_changes).toBeNull();
      const baseVersion = await versionOf(id, p[0]!, 2);
      const corrected = await withoutTeamReads(() =>
        correctFinalResult({
          ...operator,
          now: new Date(Date.now() + 1000),
          playerId: p[0]!,
          baseVersion,
          changes: { strokes: 78, to_par: 6, bogeys: 6 },
          reason: 'スコアカードの誤記',
        }),
      );
      expect(corrected.score_changes).toBeNull();
    } finally {
      capture.mockRestore();
    }
    expect(stored.map((task) => [task.audit.action, task.rounds])).toEqual([
      ['mark_final', [1, 2]],
      ['correct_result', [1, 2]],
    ]);

    // The job fails while writing the correction's round-2 records: the final mark's task is done
    // and removed; the correction's stays, its round 1 (which it does not move) marked done.
    const done: Array<[string, number]> = [];
    const removed: string[] = [];
    const spies = [
      vi.spyOn(scoreChangeTaskRepository, 'roundDone').mockImplementation(async (task, round) => {
        done.push([task.audit.action, round]);
      }),
      vi.spyOn(scoreChangeTaskRepository, 'remove').mockImplementation(async (task) => {
        removed.push(task.audit.action);
      }),
    ];
    const list = vi.spyOn(scoreChangeTaskRepository, 'list').mockResolvedValue(stored);
    const write = scoreChangeRepository.write.bind(scoreChangeRepository);
    const failing = vi
      .spyOn(scoreChangeRepository, 'write')
      .mockImplementation(async (records) =>
        records.some((r) => r.cause === 'correct_result')
          ? Promise.reject(new Error('throttled'))
          : write(records),
      );
    try {
      await expect(writeScoreChangeTasks(id, new Date())).rejects.toThrow('throttled');
      failing.mockRestore();
      expect(removed).toEqual(['mark_final']);
      expect(done).toEqual([
        ['mark_final', 1],
        ['mark_final', 2],
        ['correct_result', 1],
      ]);
      // The next run goes on from round 2 and finishes the work.
      list.mockResolvedValue([{ ...stored[1]!, done: [1] }]);
      expect(await writeScoreChangeTasks(id, new Date())).toBe(2);
      expect(removed).toEqual(['mark_final', 'correct_result']);
    } finally {
      failing.mockRestore();
      list.mockRestore();
      for (const spy of spies) spy.mockRestore();
    }
    // The stored tasks are done by whichever run comes first (this one, or another test's job):
    // each record once, since its key holds the action's id.
    await writeScoreChangeTasks(id, new Date());
    expect(await scoreChangeTaskRepository.count(id)).toBe(0);
    // Newest last (the list is in key order: by instant).
    expect(await changesOf('tasks-a')).toEqual([
      ['mark_final', 10, 10],
      ['correct_result', 10, 12],
    ]);
    expect(await changesOf('tasks-b')).toEqual([['mark_final', -6, -6]]);
    expect(await changesOf('tasks-c')).toEqual([
      ['mark_final', 6, 6],
      ['correct_result', 6, 8],
    ]);
  });

  it('a task that fails stays for the next run, and the job still publishes', async () => {
    const other = gameFixture('test-change-tasks-failing');
    await writeFixture(other, [team(other.id, 1, 'tasks-failing', other.playerIds.slice(0, 4))]);
    await correctRoundOne(other.id, other.playerIds[0]!);
    const failing = vi.spyOn(scoreChangeRepository, 'write').mockRejectedValue(new Error('throttled'));
    try {
      // A run already going (started by another test's call) may hold the lease: then it does the work.
      const result = await runRankingJob();
      if (result.ran) {
        // Published once: the failed task does not bring it back within the run.
        expect(result.published.filter((p) => p.game_global_id === other.id)).toHaveLength(1);
      }
    } finally {
      failing.mockRestore();
    }
    await writeScoreChangeTasks(other.id, new Date());
    expect(await scoreChangeTaskRepository.count(other.id)).toBe(0);
    expect((await scoreChangeRepository.list('tasks-failing', other.id)).map((c) => c.cause)).toEqual([
      'correct_result',
    ]);
  });

  it('a final mark before the freeze reads the round’s teams, and still finds a missing result', async () => {
    const open = gameFixture('test-change-tasks-open');
    const round = open.record.rounds[1]!;
    round.results = 'provisional';
    // p01 has no round-2 result: pending, so the round cannot be final.
    const first = open.field[0]!;
    open.field[0] = { ...first, rounds: [first.rounds[0] ?? null, null, null, null] };
    await writeFixture(open, [team(open.id, 2, 'tasks-open', open.playerIds.slice(0, 4))]);
    const refused = markRoundFinal({
      gameGlobalId: open.id,
      round: 2,
      operatorId: 'tasks-operator',
      now: new Date(),
      force: true,
    });
    await expect(refused).rejects.toMatchObject({
      statusCode: 409,
      errors: { player_ids: [open.playerIds[0]] },
    });
  });
});
