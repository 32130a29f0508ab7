import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { getAuthState, setAuthUser } from '@/lib/auth';

/** Finishing the tutorial: the flag only ever moves to true, on the server and in the shell's user. */
export function useFinishTutorial() {
  return useMutation({
    mutationFn: () => api.finishUserTutorial(),
    onSuccess: ({ tutorial_flg }) => {
      const user = getAuthState().authUser;
      if (user && tutorial_flg) setAuthUser({ ...user, tutorial_flg: true });
    },
  });
}
