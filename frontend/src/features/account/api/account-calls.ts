import { queryOptions, useMutation } from '@tanstack/react-query';
import type { ZodType } from 'zod';
import {
  authResponseSchema,
  doneResponseSchema,
  emailChangeResponseSchema,
  mailSentResponseSchema,
  profileConfirmResponseSchema,
  userEmailResponseSchema,
  userMeResponseSchema,
  type EmailChangeBody,
  type PasswordChangeBody,
  type PasswordResetBody,
  type RegisterBody,
  type WithdrawalBody,
} from '@golf/shared/schemas/account';
import { apiRequest } from '../../../lib/api-client';
import { setAuth, setAuthUser } from '../../../lib/auth';

const post = <T>(path: string, body: unknown, schema: ZodType<T>) =>
  apiRequest(path, { method: 'POST', body, schema });

/** POST /api/auth/register: mails the verification link. */
export const useRegister = () =>
  useMutation({
    mutationFn: (body: RegisterBody) => post('/api/auth/register', body, mailSentResponseSchema),
  });

/**
 * GET /api/auth/register/verify/{token}: the new player is signed in for this browser session
 * (remember false: the cookie ends with the session).
 */
export const useVerifyRegistration = () =>
  useMutation({
    mutationFn: async (token: string) => {
      const auth = await apiRequest(`/api/auth/register/verify/${encodeURIComponent(token)}`, {
        schema: authResponseSchema,
      });
      setAuth({ access_token: auth.access_token, user: auth.user });
      return auth;
    },
  });

/** POST /api/auth/register/mail: a social player's address (the link completes it with registerFlg). */
export const useRegisterMail = () =>
  useMutation({
    mutationFn: (email: string) => post('/api/auth/register/mail', { email }, mailSentResponseSchema),
  });

export const userEmailQueryOptions = () =>
  queryOptions({
    queryKey: ['account', 'email'],
    queryFn: ({ signal }) => apiRequest('/api/user/email', { signal, schema: userEmailResponseSchema }),
    staleTime: 0,
  });

/** POST /api/auth/settings/email: mails a link to the new address. */
export const useStartEmailChange = () =>
  useMutation({
    mutationFn: (email: string) => post('/api/auth/settings/email', { email }, mailSentResponseSchema),
  });

/** POST /api/auth/settings/email/change: with registerFlg the answer signs the player in. */
export const useCompleteEmailChange = () =>
  useMutation({
    mutationFn: async (body: EmailChangeBody) => {
      if (!body.registerFlg) return post('/api/auth/settings/email/change', body, emailChangeResponseSchema);
      const auth = await post('/api/auth/settings/email/change', body, authResponseSchema);
      setAuth(auth);
      return { email: null };
    },
  });

export const useStartPasswordReset = () =>
  useMutation({
    mutationFn: (email: string) => post('/api/auth/password/reset/send', { email }, mailSentResponseSchema),
  });

export const useResetPassword = () =>
  useMutation({
    mutationFn: (body: PasswordResetBody) => post('/api/auth/password/reset', body, doneResponseSchema),
  });

export const useChangePassword = () =>
  useMutation({
    mutationFn: (body: PasswordChangeBody) => post('/api/auth/settings/password', body, doneResponseSchema),
  });

export const useWithdraw = () =>
  useMutation({
    mutationFn: (body: WithdrawalBody) => post('/api/user/withdrawal', body, doneResponseSchema),
  });

/** The profile form as the screens hold it; sent as multipart (the picture as a file). */
export interface ProfileDraft {
  nickname: string;
  gender: string;
  age: string;
  address: string;
  golf_play_history: string;
  /** A newly chosen picture; null keeps or (with `removeImage`) removes the current one. */
  image: File | null;
  removeImage: boolean;
}

export function profileFormData(draft: ProfileDraft): FormData {
  const data = new FormData();
  for (const field of ['nickname', 'gender', 'age', 'address', 'golf_play_history'] as const)
    data.append(field, draft[field]);
  if (draft.image) {
    data.append('profile_img', draft.image);
    data.append('profile_img_type', '2');
  } else if (draft.removeImage) data.append('profile_img_type', '1');
  return data;
}

/** POST /api/user/confirm: the server's checks, nothing stored. */
export const useConfirmProfile = () =>
  useMutation({
    mutationFn: (draft: ProfileDraft) =>
      post('/api/user/confirm', profileFormData(draft), profileConfirmResponseSchema),
  });

/** POST /api/user (registration's last step) or /api/user/profile (an edit); the shell sees the result. */
export const useSaveProfile = (path: '/api/user' | '/api/user/profile') =>
  useMutation({
    mutationFn: async (draft: ProfileDraft) => {
      const me = await post(path, profileFormData(draft), userMeResponseSchema);
      setAuthUser(me);
      return me;
    },
  });
