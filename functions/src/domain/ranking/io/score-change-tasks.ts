/**
 * Why my score moved, written by the ranking job: an operator's action stores a task (its audit
 * record and the scoring state before and after it) in the transaction of its own change, and the
 * job scores the action's rounds both ways from the rounds' teams (their frozen object once the
 * round is frozen) and writes a change record for each team whose counted score moved. A task is
 * removed only once its records are written: a run that dies leaves it to the next, which goes on
 * from the first round not marked done and writes that round's records again (their keys hold the
 * action's id, so nothing is doubled).
 */
import {
  scoreChangeRepository,
  scoreChangeTaskRepository,
  type ScoreChangeRecord,
} from '@golf/functions/db/repositories/score-change-repository';
import { tournamentRepository } from '@golf/functions/db/repositories/tournament-repository';
import { scoreChange } from '../../game/score-service';
import { indexTournamentRound, teamScoreRecord } from '../../game/team-scoring';
import { roundTeams, thawTeams, type FrozenRound } from './frozen-teams';

/** Records written at a time: a cancellation at a million players never holds them all. */
const WRITE_CHUNK = 5_000;
/**
 * BatchWriteItem calls in flight: 16 x 25 records. The records spread over the players' own keys,
 * so the table's throughput, not a key, bounds them; a round of a million changes is written well
 * within the job's 5 minutes at the rate this allows.
 */
const WRITES_IN_FLIGHT = 16;

/**
 * Writes the change records of every task of the tournament, oldest action first; returns how many.
 * With no task it reads nothing else.
 */
export async function writeScoreChangeTasks(gameGlobalId: string, now: Date): Promise<number> {
  const tasks = await scoreChangeTaskRepository.list(gameGlobalId);
  if (tasks.length === 0) return 0;
  const record = await tournamentRepository.get(gameGlobalId);
  if (!record) return 0;
  const teams = new Map<number, FrozenRound>();
  let written = 0;
  for (const task of tasks) {
    const at = new Date(task.audit.at);
    for (const round of task.rounds) {
      if (task.done?.includes(round)) continue;
      let frozen = teams.get(round);
      if (!frozen) {
        frozen = await roundTeams(record, round, now);
        teams.set(round, frozen);
      }
      const before = indexTournamentRound(task.before.record, task.before.field, round, at);
      const after = indexTournamentRound(task.after.record, task.after.field, round, at);
      let chunk: ScoreChangeRecord[] = [];
      for (const team of thawTeams(frozen)) {
        const change = scoreChange(task.audit, teamScoreRecord(team, before), teamScoreRecord(team, after));
        if (change) chunk.push(change);
        if (chunk.length >= WRITE_CHUNK) {
          await scoreChangeRepository.write(chunk, WRITES_IN_FLIGHT);
          written += chunk.length;
          chunk = [];
        }
      }
      await scoreChangeRepository.write(chunk, WRITES_IN_FLIGHT);
      written += chunk.length;
      // A run stopped by its timeout after this goes on from the next round.
      if (task.rounds.length > 1) await scoreChangeTaskRepository.roundDone(task, round);
    }
    await scoreChangeTaskRepository.remove(task);
  }
  return written;
}
