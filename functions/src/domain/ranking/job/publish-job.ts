/**
 * The ranking job: publishes the rankings of every tournament marked stale (and of the current
 * tournament when the clock has moved it on: a round's deadline passed). One run
 * at a time holds the lease; a run that dies keeps it until it expires, then the next run takes it
 * over and publishes what is still marked stale. A mark is cleared only if no change came in while
 * the run built (its version is unchanged), so an operator's change is never lost to a run.
 */
import { ulid } from 'ulid';
import { isBeforeDeadline } from '@golf/shared/game/lock';
import { currentTournament, deriveSchedule } from '@golf/shared/schedule/derive-schedule';
import { rankingRepository } from '@golf/functions/db/repositories/ranking-pages/ranking-repository';
import {
  rankingStateRepository,
  type StaleMark,
} from '@golf/functions/db/repositories/ranking-state-repository';
import { tournamentRepository } from '@golf/functions/db/repositories/tournament-repository';
import { logger } from '@golf/functions/lib/logger';
import { sideEffectFailed } from '@golf/functions/lib/side-effects';
import { postRoundResults } from '../../guild/guild-posts';
import { recomputeRankings } from './ranking-recompute';
import { YEARLY_SCOPE } from '../rules/ranking-scope';
import { writeScoreChangeTasks } from '../io/score-change-tasks';
import { now as clockNow } from '@golf/functions/lib/clock';

/** Longer than the job function's timeout (5 minutes): a lease outlives the run that holds it. */
export const RANKING_LEASE_MS = 6 * 60 * 1000;

/** Publishes per run at most: changes that keep coming are left to the next run. */
const MAX_PASSES = 3;

export interface RankingJobResult {
  /** False when there was nothing to publish or another run held the lease (this one wrote nothing). */
  ran: boolean;
  published: Array<{
    game_global_id: string;
    snapshot_id: string;
    items_written: number;
    duration_ms: number;
    /** The packing workers' share, when the tournament was large enough to start them. */
    packing?: { workers: number; tasks_by_workers: number; tasks_in_job_thread: number };
  }>;
  /** Tournaments whose mark stays: a change came in while this run built. */
  still_stale: string[];
}

/** The current tournament needs a publish without a mark when a deadline has passed (a new round scope). */
async function currentTournamentDue(now: Date): Promise<string | null> {
  const all = await tournamentRepository.list();
  const current = currentTournament(all.map((record) => ({ ...deriveSchedule(record, now), record })));
  if (!current) return null;
  const { record } = current;
  const pointer = await rankingRepository.getPointer(record.game_global_id);
  if (!pointer) return record.game_global_id;
  const started = record.rounds.filter((r) => !isBeforeDeadline(now.toISOString(), r.deadline_at)).length;
  const published = Object.entries(pointer.scopes).filter(
    ([scope, value]) => scope !== String(YEARLY_SCOPE) && value.totals.length > 0,
  ).length;
  // Only a deadline passed since the last publish; a moved deadline comes with its own mark.
  return started > published ? record.game_global_id : null;
}

export async function runRankingJob(
  options: { now?: Date; owner?: string; /** A run that follows one just finished. */ again?: boolean } = {},
): Promise<RankingJobResult> {
  const now = options.now ?? clockNow();
  const owner = options.owner ?? ulid();
  const result: RankingJobResult = { ran: false, published: [], still_stale: [] };
  // Nothing to publish: no write at all, not even the lease (one Query and the current tournament).
  const work = await rankingStateRepository.pendingWork();
  if (work.marks.length === 0 && work.changes.length === 0 && !(await currentTournamentDue(now)))
    return result;
  if (!(await rankingStateRepository.acquireLease(owner, now, RANKING_LEASE_MS))) return result;
  result.ran = true;
  /** Tournaments whose change records failed in this run: left to the next run, not retried here. */
  const failedTasks = new Set<string>();
  try {
    // A change that comes in while a run builds keeps its mark; the run publishes again for it
    // (the job started by that change found the lease taken and left the work to this run).
    for (let pass = 0; pass < MAX_PASSES; pass++) {
      const work = await rankingStateRepository.pendingWork();
      const marks = new Map<string, StaleMark | null>(work.marks.map((mark) => [mark.game_global_id, mark]));
      // Change records to write without a mark: the action's mark was not stored after its change.
      for (const gameId of work.changes)
        if (!marks.has(gameId) && !failedTasks.has(gameId)) marks.set(gameId, null);
      const due = pass === 0 ? await currentTournamentDue(now) : null;
      if (due && !marks.has(due)) marks.set(due, null);
      if (marks.size === 0) break;
      result.still_stale = [];
      for (const [gameId, mark] of marks) {
        const published = await recomputeRankings(gameId, now, { leaseOwner: owner });
        if (!published.published) {
          // The lease was taken over (this run outlived it) or a newer snapshot is served.
          logger.warn('ranking publish refused', {
            game_global_id: gameId,
            snapshot_id: published.snapshot_id,
          });
          return result;
        }
        result.published.push({
          game_global_id: gameId,
          snapshot_id: published.snapshot_id,
          items_written: published.items_written,
          duration_ms: published.duration_ms,
          ...(published.packing ? { packing: published.packing } : {}),
        });
        // Rounds final in what readers now see: their results posted in the guild chats (once).
        await postRoundResults(gameId, published.snapshot_id, now);
        // Why my score moved, for the operators' actions this publish shows. A task that fails stays
        // and brings its tournament back to the next run; the other tournaments still publish.
        try {
          await writeScoreChangeTasks(gameId, now);
        } catch (error) {
          failedTasks.add(gameId);
          sideEffectFailed('score_change_records', error, { game_global_id: gameId });
        }
        if (mark && !(await rankingStateRepository.clearStale(mark))) result.still_stale.push(gameId);
      }
      // The next pass looks again: a change marked during this one found the lease taken.
    }
  } finally {
    await rankingStateRepository.releaseLease(owner);
  }
  // A change marked between the last look and the release also found the lease taken, and its job
  // left the work to this run: one more run takes it (once: a run never chains itself further).
  const left = options.again ? null : await rankingStateRepository.pendingWork();
  if (left && left.marks.length + left.changes.filter((gameId) => !failedTasks.has(gameId)).length > 0) {
    const again = await runRankingJob({ ...(options.now ? { now: options.now } : {}), again: true });
    result.published.push(...again.published);
    if (again.ran) result.still_stale = again.still_stale;
  }
  return result;
}
