import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { getAuthState, setAuthUser } from '../../../lib/auth';

const toggleResponseSchema = z.object({ is_copy_next_round: z.boolean() });

/** POST /api/user/is_copy_next_round flips carry-over; the round views and the shell's user follow. */
export function useToggleCopyNextRound() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest('/api/user/is_copy_next_round', { method: 'POST', schema: toggleResponseSchema }),
    onSuccess: ({ is_copy_next_round }) => {
      const user = getAuthState().authUser;
      if (user) setAuthUser({ ...user, is_copy_next_round });
      return queryClient.invalidateQueries({ queryKey: ['game'] });
    },
  });
}
