import { useMutation } from '@tanstack/react-query';
import type { LoginBody } from '@golf/shared/schemas/account';
import { api } from '@/lib/api';
import { isApiError } from '../../lib/api-client';
import { setAuth } from '../../lib/auth';

const tooManyAttemptsMessage =
  'ログインの試行回数が上限に達しました。しばらく時間を置いてから、もう一度お試しください。';

/** Signs in, then the token cookie and the signed-in state. */
export function useLogin() {
  return useMutation({
    mutationFn: async (body: LoginBody) => {
      const auth = await api.createAuthToken({ body });
      setAuth(auth);
      return auth;
    },
  });
}

/** The Japanese line shown above the form for a failed login. */
export function loginErrorMessage(error: unknown): string {
  if (isApiError(error) && error.status === 429) return tooManyAttemptsMessage;
  if (isApiError(error)) return error.message;
  return 'ログインに失敗しました。もう一度お試しください。';
}
