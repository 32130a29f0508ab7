import { queryOptions, useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import type { PrizeClaimBody } from '@golf/shared/schemas/prize';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** The signed-in player's prizes and their claims (GET /api/golf/user_golf_game_prize). */
export const wonPrizesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.prize.won,
    queryFn: ({ signal }) => api.listWonPrizes({ signal }),
  });

export function useWonPrizes() {
  return useSuspenseQuery(wonPrizesQueryOptions()).data.prizes;
}

/** POST …/confirm: the server checks the prize is the player's and unclaimed; nothing is stored. */
export function useConfirmPrizeClaim() {
  return useMutation({
    mutationFn: (body: PrizeClaimBody) => api.confirmPrizeClaim({ body }),
  });
}

/** POST /api/golf/user_golf_game_prize: the claim, stored once and acknowledged by mail. */
export function useClaimPrize() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PrizeClaimBody) => api.claimPrize({ body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.prize.won }),
  });
}
