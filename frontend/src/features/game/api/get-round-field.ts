import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { roundFieldSchema } from '@golf/shared/schemas/game';
import { apiRequest } from '../../../lib/api-client';

/** The whole field of a round with stats, indicators and eligibility. */
export const roundFieldQueryOptions = (round: number) =>
  queryOptions({
    queryKey: ['game', 'field', round],
    queryFn: ({ signal }) =>
      apiRequest(`/api/golf/round/${round}/field`, { signal, schema: roundFieldSchema }),
    staleTime: 30_000,
  });

export function useRoundField(round: number) {
  return useSuspenseQuery(roundFieldQueryOptions(round)).data;
}
