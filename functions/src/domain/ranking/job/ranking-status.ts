import type { RankingStatusResponse } from '@golf/shared/schemas/ranking';
import { rankingRepository } from '@golf/functions/db/repositories/ranking-pages/ranking-repository';
import { rankingStateRepository } from '@golf/functions/db/repositories/ranking-state-repository';
import { scoreChangeTaskRepository } from '@golf/functions/db/repositories/score-change-repository';
import { resolveTournament } from '../../game/tournament-context';

/** The operator's view of a tournament's rankings: served snapshot, stale mark, running job. */
export async function rankingStatus(
  gameGlobalId: string | undefined,
  now: Date,
): Promise<RankingStatusResponse> {
  const gameId = (await resolveTournament(gameGlobalId, now)).game_global_id;
  const [pointer, stale, lease, changesPending] = await Promise.all([
    rankingRepository.getPointer(gameId),
    rankingStateRepository.getStale(gameId),
    rankingStateRepository.getLease(),
    scoreChangeTaskRepository.count(gameId),
  ]);
  const leaseHeld = lease !== null && lease.expires_at > now.toISOString();
  return {
    game_global_id: gameId,
    served: pointer
      ? {
          snapshot_id: pointer.snapshot_id,
          created_at: pointer.created_at,
          active_round: pointer.active_round,
          published_at: pointer.published_at ?? null,
          duration_ms: pointer.duration_ms ?? null,
          items_written: pointer.items_written ?? null,
        }
      : null,
    stale: stale !== null,
    stale_since: stale?.stale_since ?? null,
    building: leaseHeld,
    building_since: leaseHeld ? lease.acquired_at : null,
    lease_expires_at: lease?.expires_at ?? null,
    score_changes_pending: changesPending,
  };
}
