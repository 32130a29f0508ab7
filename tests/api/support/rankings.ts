import { rankingStatusResponseSchema, type RankingStatusResponse } from '@golf/shared/schemas/ranking';
import { api, tokenFor } from './api';

/**
 * Waits until the ranking job has published every stored change of the tournament (the current
 * one by default) and written the change records of operators' actions: operator calls answer
 * before the job does either. `stackUrl` asks another stack than the suite's (a file's own).
 */
export async function waitForRankings(
  gameGlobalId?: string,
  timeoutMs = 60_000,
  stackUrl?: string,
): Promise<RankingStatusResponse> {
  const token = await tokenFor('ranking-waiter', ['operators']);
  const query = gameGlobalId ? `?game_global_id=${encodeURIComponent(gameGlobalId)}` : '';
  const until = Date.now() + timeoutMs;
  for (;;) {
    const result = await api('GET', `/api/golf/ops/rankings/status${query}`, {
      token,
      ...(stackUrl ? { stackUrl } : {}),
    });
    const status = rankingStatusResponseSchema.parse(result.body);
    if (!status.stale && !status.building && status.score_changes_pending === 0) return status;
    if (Date.now() > until) throw new Error(`rankings still not published: ${JSON.stringify(status)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
