import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { roundViewSchema } from '@golf/shared/schemas/game';
import { apiRequest } from '../../../lib/api-client';

/** My team, score and deadline of one round of the current tournament. */
export const roundQueryOptions = (round: number) =>
  queryOptions({
    queryKey: ['game', 'round', round],
    queryFn: ({ signal }) => apiRequest(`/api/golf/round/${round}`, { signal, schema: roundViewSchema }),
    staleTime: 15_000,
  });

export function useRound(round: number) {
  return useSuspenseQuery(roundQueryOptions(round)).data;
}
