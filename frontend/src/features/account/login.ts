import { useMutation } from '@tanstack/react-query';
import type { LoginBody } from '@golf/shared/schemas/account';
import { api } from '@/lib/api';
import { isApiError } from '@/lib/api-client';
import { setAuth } from '@/lib/auth';

const tooManyAttemptsMessage =
  'ログインの試行回数が上限に達しました。しばらく時間を置いてから、もう一度お試しください。';

/**
 * How a password sign-in ended: signed in (`setup`: an operator who has not set up the authenticator
 * app yet), or a code of the app still owed, with the challenge it answers.
 */
type LoginOutcome = { signedIn: true; setup: boolean } | { signedIn: false; challenge: string };

/** Signs in, then the token cookie and the signed-in state, unless a code is still owed. */
export function useLogin() {
  return useMutation({
    mutationFn: async (body: LoginBody): Promise<LoginOutcome> => {
      const answer = await api.createAuthToken({ body });
      if ('challenge' in answer) return { signedIn: false, challenge: answer.challenge };
      setAuth(answer);
      return { signedIn: true, setup: answer.totp_setup_required === true };
    },
  });
}

/** The authenticator app's code after the password; signs in. */
export function useTotpSignIn() {
  return useMutation({
    mutationFn: async (body: { email: string; challenge: string; code: string }) => {
      const auth = await api.answerTotpChallenge({ body });
      setAuth(auth);
      return auth;
    },
  });
}

/** A code as typed: digits only (apps show it as `123 456`; a phone may type full-width digits). */
export const totpCodeOf = (typed: string) => typed.normalize('NFKC').replace(/\D/g, '');

/** The Japanese line shown above the form for a failed login. */
export function loginErrorMessage(error: unknown): string {
  if (isApiError(error) && error.status === 429) return tooManyAttemptsMessage;
  if (isApiError(error)) return error.message;
  return 'ログインに失敗しました。もう一度お試しください。';
}
