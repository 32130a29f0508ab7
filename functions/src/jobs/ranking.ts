import { recomputeRankings } from '../domain/ranking/ranking-service';
import { logger } from '../lib/logger';

/**
 * The scheduled ranking recompute (EventBridge in AWS, a timer in the local stack): a fresh snapshot
 * of the current tournament, so rankings follow results even when nothing else triggers them.
 */
export async function handler(): Promise<{ snapshot_id: string; items_written: number }> {
  const result = await recomputeRankings(undefined, new Date());
  logger.info('rankings recomputed', result);
  return result;
}
