import { migratedForJob } from '../domain/migrations/runner';
import { runRankingJob, type RankingJobResult } from '../domain/ranking/job/publish-job';
import { now } from '../lib/clock';
import { logger } from '../lib/logger';
import { recordMetric } from '../lib/metrics';
import { tracedHandler } from '../lib/tracer';

/**
 * The ranking job: started at once (asynchronously) by the operator calls that change results, and
 * on a schedule (EventBridge in AWS, a timer in the local stack). It publishes what is marked stale.
 */
export const handler = tracedHandler(async (): Promise<RankingJobResult> => {
  if (!(await migratedForJob('ranking', now()))) return { ran: false, published: [], still_stale: [] };
  const result = await runRankingJob();
  logger.info('ranking job', { ...result });
  for (const publish of result.published) {
    recordMetric('RankingPublishDuration', publish.duration_ms);
    recordMetric('RankingPublishItems', publish.items_written);
  }
  return result;
});
