import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { getAuthState, setAuthUser } from '../../../lib/auth';

const finishTutorialResponseSchema = z.object({ tutorial_flg: z.boolean() });

/** POST /api/user/tutorial: the flag only ever moves to true, on the server and in the shell's user. */
export function useFinishTutorial() {
  return useMutation({
    mutationFn: () =>
      apiRequest('/api/user/tutorial', { method: 'POST', schema: finishTutorialResponseSchema }),
    onSuccess: ({ tutorial_flg }) => {
      const user = getAuthState().authUser;
      if (user && tutorial_flg) setAuthUser({ ...user, tutorial_flg: true });
    },
  });
}
