import type { RouteDefinition } from '../contracts';

/** Registration, sign-in, profile, settings and withdrawal (docs/api.md). */
export const accountRoutes = {
  createAuthToken: {
    method: 'POST',
    path: '/api/auth/token',
    handler: 'auth/create-token',
    access: 'public',
  },
  deleteAuthToken: {
    method: 'DELETE',
    path: '/api/auth/token',
    handler: 'auth/delete-token',
    access: 'user',
  },
  getSocialAuthorize: {
    method: 'GET',
    path: '/api/auth/social/{provider}/authorize',
    handler: 'auth/get-social-authorize',
    access: 'public',
  },
  createSocialToken: {
    method: 'POST',
    path: '/api/auth/social/{provider}/token',
    handler: 'auth/create-social-token',
    access: 'public',
  },
  getUserMe: { method: 'GET', path: '/api/user/me', handler: 'user/get-me', access: 'user' },
  acceptUserPolicy: {
    method: 'PATCH',
    path: '/api/user/policy',
    handler: 'user/accept-policy',
    access: 'user',
  },
  finishUserTutorial: {
    method: 'POST',
    path: '/api/user/tutorial',
    handler: 'user/finish-tutorial',
    access: 'user',
  },
  toggleUserCopyNextRound: {
    method: 'POST',
    path: '/api/user/is_copy_next_round',
    handler: 'user/toggle-copy-next-round',
    access: 'user',
  },
  startRegistration: {
    method: 'POST',
    path: '/api/auth/register',
    handler: 'auth/start-registration',
    access: 'public',
  },
  verifyRegistration: {
    method: 'GET',
    path: '/api/auth/register/verify/{token}',
    handler: 'auth/verify-registration',
    access: 'public',
  },
  startEmailRegistration: {
    method: 'POST',
    path: '/api/auth/register/mail',
    handler: 'auth/start-email-registration',
    access: 'user',
  },
  getUserEmail: {
    method: 'GET',
    path: '/api/user/email',
    handler: 'user/get-email',
    access: 'user',
  },
  startEmailChange: {
    method: 'POST',
    path: '/api/auth/settings/email',
    handler: 'auth/start-email-change',
    access: 'user',
  },
  completeEmailChange: {
    method: 'POST',
    path: '/api/auth/settings/email/change',
    handler: 'auth/complete-email-change',
    access: 'public',
  },
  startPasswordReset: {
    method: 'POST',
    path: '/api/auth/password/reset/send',
    handler: 'auth/start-password-reset',
    access: 'public',
  },
  resetPassword: {
    method: 'POST',
    path: '/api/auth/password/reset',
    handler: 'auth/reset-password',
    access: 'public',
  },
  changePassword: {
    method: 'POST',
    path: '/api/auth/settings/password',
    handler: 'auth/change-password',
    access: 'user',
  },
  confirmUserProfile: {
    method: 'POST',
    path: '/api/user/confirm',
    handler: 'user/confirm-profile',
    access: 'user',
  },
  registerUserProfile: {
    method: 'POST',
    path: '/api/user',
    handler: 'user/register-profile',
    access: 'user',
  },
  updateUserProfile: {
    method: 'POST',
    path: '/api/user/profile',
    handler: 'user/update-profile',
    access: 'user',
  },
  withdrawUser: {
    method: 'POST',
    path: '/api/user/withdrawal',
    handler: 'user/withdraw',
    access: 'user',
  },
} as const satisfies Record<string, RouteDefinition>;
