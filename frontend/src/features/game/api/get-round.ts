import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** My team, score and deadline of one round of the current tournament. */
export const roundQueryOptions = (round: number) =>
  queryOptions({
    queryKey: ['game', 'round', round],
    queryFn: ({ signal }) => api.getRoundView({ params: { round }, signal }),
    staleTime: 15_000,
  });

export function useRound(round: number) {
  return useSuspenseQuery(roundQueryOptions(round)).data;
}
