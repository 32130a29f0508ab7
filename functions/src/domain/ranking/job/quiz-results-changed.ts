import { rankingStateRepository } from '@golf/functions/db/repositories/ranking-state-repository';

/**
 * A new best quiz result: marks the rankings stale for the scheduled run (no job per answer). The
 * mark is read first and written only when absent, so a spike of answers reads the one item (up to
 * 3,000 strongly consistent reads a second per key) rather than writing it (1,000 a second).
 */
export async function quizResultsChanged(gameGlobalId: string, now: Date): Promise<void> {
  if (!(await rankingStateRepository.getStale(gameGlobalId)))
    await rankingStateRepository.markStale(gameGlobalId, now);
}
