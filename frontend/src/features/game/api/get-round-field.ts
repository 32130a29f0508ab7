import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** The whole field of a round with stats, indicators and eligibility. */
export const roundFieldQueryOptions = (round: number) =>
  queryOptions({
    queryKey: queryKeys.game.field(round),
    queryFn: ({ signal }) => api.getRoundField({ params: { round }, signal }),
    staleTime: 30_000,
  });

export function useRoundField(round: number) {
  return useSuspenseQuery(roundFieldQueryOptions(round)).data;
}
