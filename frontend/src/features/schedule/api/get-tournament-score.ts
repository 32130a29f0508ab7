import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** A tournament's leaderboard; without an id, the current tournament's. */
export const tournamentScoreQueryOptions = (gameGlobalId?: string) =>
  queryOptions({
    queryKey: queryKeys.tournamentScore(gameGlobalId),
    queryFn: ({ signal }) => api.getTournamentScore({ query: { game_global_id: gameGlobalId }, signal }),
    staleTime: 30_000,
  });

export function useTournamentScore(gameGlobalId?: string) {
  return useSuspenseQuery(tournamentScoreQueryOptions(gameGlobalId)).data;
}
