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
} as const satisfies Record<string, RouteDefinition>;
