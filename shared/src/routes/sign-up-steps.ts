import type { RouteName } from '../contracts';

/**
 * The signed-in routes a player may call before sign-up is complete: the steps themselves (policy,
 * e-mail registration, profile and its picture), reading the account, signing out and withdrawing.
 * Every other `user` route answers 403 (`forbidden`, 会員登録を完了してください) until the player has accepted the
 * policy, registered an e-mail and entered the profile, as the SPA's guards send them to those steps.
 */
export const signUpStepRoutes: ReadonlySet<RouteName> = new Set<RouteName>([
  'deleteAuthToken',
  'getUserMe',
  'acceptUserPolicy',
  'finishUserTutorial',
  'startEmailRegistration',
  'getUserEmail',
  'startEmailChange',
  'changePassword',
  'confirmUserProfile',
  'registerUserProfile',
  'updateUserProfile',
  'withdrawUser',
  'presignUpload',
]);
