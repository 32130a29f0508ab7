import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { PrizeKind, PrizeOption } from '@golf/shared/schemas/prize';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** The prize master list of each kind (GET /api/golf/master/{list}). */
const listOfKind = {
  game: 'game_prize',
  entry: 'entry_prize',
  yearly: 'yearly_ranking_prize',
} as const satisfies Record<PrizeKind, string>;

/** Prizes change with the season's set-up, not by the minute: kept for ten minutes. */
export const prizesQueryOptions = (kind: PrizeKind) =>
  queryOptions({
    queryKey: queryKeys.master.golf(listOfKind[kind]),
    queryFn: ({ signal }) =>
      // The row answers one of three lists; a prize list's name asks for prizes.
      api.getGolfMasterList({ params: { list: listOfKind[kind] }, signal }) as Promise<PrizeOption[]>,
    staleTime: 600_000,
  });

export function usePrizes(kind: PrizeKind) {
  return useSuspenseQuery(prizesQueryOptions(kind)).data;
}
