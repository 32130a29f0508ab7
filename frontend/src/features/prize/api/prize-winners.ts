import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/**
 * Who won a tournament's prizes (GET /api/golf/prizes/winners): it changes only when operators
 * draw, and the CDN keeps it a minute, so the screens keep it as long.
 */
const prizeWinnersQueryOptions = (gameGlobalId: string) =>
  queryOptions({
    queryKey: queryKeys.prize.winners(gameGlobalId),
    queryFn: ({ signal }) => api.listPrizeWinners({ query: { game_global_id: gameGlobalId }, signal }),
    staleTime: 60_000,
  });

/** The tournament's prizes and winners, or undefined while loading (the screen around them shows meanwhile). */
export function usePrizeWinners(gameGlobalId: string | undefined) {
  return useQuery({
    ...prizeWinnersQueryOptions(gameGlobalId ?? ''),
    enabled: gameGlobalId !== undefined,
  }).data;
}
