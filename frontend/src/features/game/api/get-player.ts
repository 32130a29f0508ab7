import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { playerDetailSchema } from '@golf/shared/schemas/game';
import { apiRequest } from '../../../lib/api-client';

/** One player's profile, season stats and rounds of the current tournament. */
export const playerQueryOptions = (playerId: string) =>
  queryOptions({
    queryKey: ['game', 'player', playerId],
    queryFn: ({ signal }) =>
      apiRequest(`/api/golf/player/${encodeURIComponent(playerId)}`, { signal, schema: playerDetailSchema }),
    staleTime: 60_000,
  });

export function usePlayer(playerId: string) {
  return useSuspenseQuery(playerQueryOptions(playerId)).data;
}
