import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/**
 * My team, score and deadline of one round of a tournament: the current one when none is named
 * (the key's `current`, which every save invalidates with the round's prefix).
 */
export const roundQueryOptions = (round: number, gameGlobalId?: string) =>
  queryOptions({
    queryKey: queryKeys.game.round(round, gameGlobalId),
    queryFn: ({ signal }) =>
      api.getRoundView({ params: { round }, query: { game_global_id: gameGlobalId }, signal }),
    staleTime: 15_000,
  });

export function useRound(round: number, gameGlobalId?: string) {
  return useSuspenseQuery(roundQueryOptions(round, gameGlobalId)).data;
}
