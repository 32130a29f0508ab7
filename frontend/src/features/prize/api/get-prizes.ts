import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { prizeOptionSchema, type PrizeKind } from '@golf/shared/schemas/prize';
import { apiRequest } from '../../../lib/api-client';

/** The prize master list of each kind (GET /api/golf/master/{list}). */
const listOfKind: Record<PrizeKind, string> = {
  game: 'game_prize',
  entry: 'entry_prize',
  yearly: 'yearly_ranking_prize',
};

/** Prizes change with the season's set-up, not by the minute: kept for ten minutes. */
export const prizesQueryOptions = (kind: PrizeKind) =>
  queryOptions({
    queryKey: ['master', 'golf', listOfKind[kind]],
    queryFn: ({ signal }) =>
      apiRequest(`/api/golf/master/${listOfKind[kind]}`, { signal, schema: prizeOptionSchema.array() }),
    staleTime: 600_000,
  });

export function usePrizes(kind: PrizeKind) {
  return useSuspenseQuery(prizesQueryOptions(kind)).data;
}
