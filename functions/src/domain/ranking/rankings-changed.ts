import type { RecomputeRankingsResponse } from '@golf/shared/schemas/ranking';
import { getStale, markStale } from '../../db/repositories/ranking-state-repository';
import { logger } from '../../lib/logger';
import { startRankingJob } from '../../lib/ranking-job';

/**
 * After an operator's change is stored: marks the tournament's rankings stale and starts the ranking
 * job without waiting for it. If the job cannot be started, the schedule publishes the change.
 */
export async function rankingsChanged(gameGlobalId: string, now: Date): Promise<RecomputeRankingsResponse> {
  const mark = await markStale(gameGlobalId, now);
  let started = true;
  try {
    await startRankingJob();
  } catch (error) {
    logger.error('ranking job not started; the schedule publishes', { error: String(error) });
    started = false;
  }
  return { game_global_id: gameGlobalId, stale_since: mark.stale_since, job_started: started };
}

/**
 * A new best quiz result: marks the rankings stale for the scheduled run (no job per answer). The
 * mark is read first and written only when absent, so a spike of answers reads the one item (up to
 * 3,000 strongly consistent reads a second per key) rather than writing it (1,000 a second).
 */
export async function quizResultsChanged(gameGlobalId: string, now: Date): Promise<void> {
  if (!(await getStale(gameGlobalId))) await markStale(gameGlobalId, now);
}
