import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type {
  EmailChangeBody,
  PasswordChangeBody,
  PasswordResetBody,
  RegisterBody,
  WithdrawalBody,
} from '@golf/shared/schemas/account';
import { api } from '@/lib/api';
import { setAuth, setAuthUser } from '@/lib/auth';
import { queryKeys } from '@/lib/query-keys';

/** Registration's first step: mails the verification link. */
export const useRegister = () =>
  useMutation({
    mutationFn: (body: RegisterBody) => api.startRegistration({ body }),
  });

/**
 * The registration link: the new player is signed in for this browser session
 * (remember false: the cookie ends with the session).
 */
export const useVerifyRegistration = () =>
  useMutation({
    mutationFn: async (token: string) => {
      const auth = await api.verifyRegistration({ params: { token } });
      setAuth({ access_token: auth.access_token, user: auth.user });
      return auth;
    },
  });

/** A social player's address (the link completes it with registerFlg). */
export const useRegisterMail = () =>
  useMutation({
    mutationFn: (email: string) => api.startEmailRegistration({ body: { email } }),
  });

export const userEmailQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.account.email,
    queryFn: ({ signal }) => api.getUserEmail({ signal }),
    staleTime: 0,
  });

/** An e-mail change's first step: mails a link to the new address. */
export const useStartEmailChange = () =>
  useMutation({
    mutationFn: (email: string) => api.startEmailChange({ body: { email } }),
  });

/** The e-mail change link: with registerFlg the answer signs the player in. */
export const useCompleteEmailChange = () =>
  useMutation({
    mutationFn: async (body: EmailChangeBody) => {
      const answer = await api.completeEmailChange({ body });
      if (!('access_token' in answer)) return answer;
      setAuth(answer);
      return { email: null };
    },
  });

export const useStartPasswordReset = () =>
  useMutation({
    mutationFn: (email: string) => api.startPasswordReset({ body: { email } }),
  });

/**
 * Whether the reset link still works, asked when its page opens: an expired or used link is refused
 * before the new password is typed. The check uses nothing up.
 */
export const useResetLinkCheck = (token: string | undefined) =>
  useQuery({
    queryKey: queryKeys.account.resetLink(token ?? ''),
    queryFn: () => api.checkPasswordResetLink({ body: { token: token ?? '' } }),
    enabled: token !== undefined,
    retry: false,
  });

export const useResetPassword = () =>
  useMutation({
    mutationFn: (body: PasswordResetBody) => api.resetPassword({ body }),
  });

export const useChangePassword = () =>
  useMutation({
    mutationFn: (body: PasswordChangeBody) => api.changePassword({ body }),
  });

export const useWithdraw = () =>
  useMutation({
    mutationFn: (body: WithdrawalBody) => api.withdrawUser({ body }),
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

function profileFormData(draft: ProfileDraft): FormData {
  const data = new FormData();
  for (const field of ['nickname', 'gender', 'age', 'address', 'golf_play_history'] as const)
    data.append(field, draft[field]);
  if (draft.image) {
    data.append('profile_img', draft.image);
    data.append('profile_img_type', '2');
  } else if (draft.removeImage) data.append('profile_img_type', '1');
  return data;
}

/** The profile's confirm step: the server's checks, nothing stored. */
export const useConfirmProfile = () =>
  useMutation({
    mutationFn: (draft: ProfileDraft) => api.confirmUserProfile({ body: profileFormData(draft) }),
  });

/** Registration's last step (`registerUserProfile`) or an edit (`updateUserProfile`); the shell sees the result. */
export const useSaveProfile = (call: 'registerUserProfile' | 'updateUserProfile') =>
  useMutation({
    mutationFn: async (draft: ProfileDraft) => {
      const me = await api[call]({ body: profileFormData(draft) });
      setAuthUser(me);
      return me;
    },
  });

/** The signed-in player's profile as stored. */
export const profileQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.account.me,
    queryFn: ({ signal }) => api.getUserMe({ signal }),
    staleTime: 0,
  });

/** Accepting the terms: the player as stored afterwards. */
export const useAcceptPolicy = () => useMutation({ mutationFn: () => api.acceptUserPolicy() });

/** An operator's authenticator app: its secret (and otpauth:// address), asked once per visit of the setup. */
export const useStartTotpSetup = () => useMutation({ mutationFn: () => api.startTotpSetup() });

/** A code of the new secret: the authenticator app is set up, and this session may use the console. */
export const useVerifyTotpSetup = () =>
  useMutation({ mutationFn: (code: string) => api.verifyTotpSetup({ body: { code } }) });
