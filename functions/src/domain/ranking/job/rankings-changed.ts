import type { RecomputeRankingsResponse } from '@golf/shared/schemas/ranking';
import { rankingStateRepository } from '@golf/functions/db/repositories/ranking-state-repository';
import { sideEffectFailed } from '@golf/functions/lib/side-effects';
import { startRankingJob } from '../../job-runs/start-ranking-job';

/**
 * After an operator's change is stored: marks the tournament's rankings stale and starts the ranking
 * job without waiting for it. If the job cannot be started, the schedule publishes the change.
 */
export async function rankingsChanged(gameGlobalId: string, now: Date): Promise<RecomputeRankingsResponse> {
  const mark = await rankingStateRepository.markStale(gameGlobalId, now);
  let started = true;
  try {
    await startRankingJob();
  } catch (error) {
    // The schedule publishes the change.
    sideEffectFailed('ranking_job_start', error, { game_global_id: gameGlobalId });
    started = false;
  }
  return { game_global_id: gameGlobalId, stale_since: mark.stale_since, job_started: started };
}
