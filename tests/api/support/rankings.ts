import { rankingStatusResponseSchema, type RankingStatusResponse } from '@golf/shared/schemas/ranking';
import { api, tokenFor } from './api';

/**
 * Publishes the rankings now and answers the tournament's status (the current one by default):
 * operator calls answer before the job they start publishes or writes the change records, so the
 * stack (`stackUrl`'s, or the suite's) lets those runs end and runs the job, and answers once it has
 * (POST /dev/jobs/ranking). The tournament then has no stale mark and no change record pending.
 */
export async function publishRankingsNow(
  gameGlobalId?: string,
  stackUrl?: string,
): Promise<RankingStatusResponse> {
  const stack = stackUrl ? { stackUrl } : {};
  const run = await api('POST', '/dev/jobs/ranking', { body: {}, ...stack });
  if (run.status !== 200)
    throw new Error(`the ranking job did not run: ${run.status} ${JSON.stringify(run.body)}`);
  const token = await tokenFor('ranking-waiter', ['operators']);
  const query = gameGlobalId ? `?game_global_id=${encodeURIComponent(gameGlobalId)}` : '';
  const status = rankingStatusResponseSchema.parse(
    (await api('GET', `/api/golf/ops/rankings/status${query}`, { token, ...stack })).body,
  );
  if (status.stale || status.score_changes_pending > 0)
    throw new Error(`rankings not published: ${JSON.stringify({ status, run: run.body })}`);
  return status;
}
