import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { getAuthState, setAuthUser } from '@/lib/auth';
import { queryKeys } from '@/lib/query-keys';

/** Flips carry-over; the round views and the shell's user follow. */
export function useToggleCopyNextRound() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.toggleUserCopyNextRound(),
    onSuccess: ({ is_copy_next_round }) => {
      const user = getAuthState().authUser;
      if (user) setAuthUser({ ...user, is_copy_next_round });
      return queryClient.invalidateQueries({ queryKey: queryKeys.game.all });
    },
  });
}
