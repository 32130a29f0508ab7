import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** One player's profile, season stats and rounds of the current tournament. */
export const playerQueryOptions = (playerId: string) =>
  queryOptions({
    queryKey: queryKeys.game.player(playerId),
    queryFn: ({ signal }) => api.getPlayerDetail({ params: { player_id: playerId }, signal }),
    staleTime: 60_000,
  });

export function usePlayer(playerId: string) {
  return useSuspenseQuery(playerQueryOptions(playerId)).data;
}
