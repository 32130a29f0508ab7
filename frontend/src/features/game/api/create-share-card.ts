import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/**
 * My card for the round (drawn once per ranking snapshot) and its public page; `withJoinCode` asks
 * for the page that also invites with my guild's join code.
 */
export function useCreateShareCard(round: number, gameGlobalId: string) {
  return useMutation({
    mutationFn: (withJoinCode: boolean) =>
      api.createShareCard({
        params: { round },
        query: { game_global_id: gameGlobalId },
        body: { with_join_code: withJoinCode },
      }),
  });
}
