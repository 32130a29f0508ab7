import * as z from 'zod';
import type { RouteDefinition } from '../contracts';
import {
  authResponseSchema,
  completeEmailChangeResponseSchema,
  copyNextRoundResponseSchema,
  doneResponseSchema,
  emailBodySchema,
  emailChangeBodySchema,
  loginBodySchema,
  loginResponseSchema,
  mailSentResponseSchema,
  mailTokenParamsSchema,
  passwordChangeBodySchema,
  passwordResetBodySchema,
  profileConfirmResponseSchema,
  profileFormSchema,
  registerBodySchema,
  resetLinkCheckBodySchema,
  resetLinkCheckResponseSchema,
  totpSetupResponseSchema,
  totpSignInBodySchema,
  totpVerifyBodySchema,
  tutorialResponseSchema,
  userEmailResponseSchema,
  userMeResponseSchema,
  withdrawalBodySchema,
} from '../schemas/account';
import {
  socialAuthorizeQuerySchema,
  socialAuthorizeResponseSchema,
  socialProviderParamsSchema,
  socialTokenBodySchema,
} from '../schemas/social';
import { guildReads, partitions } from '../route-partitions';

/** Routes that set the signed-in user's own flags. */
const sessionKeys = { read: ['LOGIN#', 'MAILTOKEN#', 'RATE#', 'REVOKED#'], write: ['USER#'] } as const;

/** Routes that mail a link (registration, address change, password reset). */
const mailLinkStartKeys = {
  read: ['LOGIN#', 'REVOKED#', 'USER#'],
  write: ['MAILTOKEN#', 'OUTBOX', 'RATE#'],
} as const;

/** Routes that complete a mailed link. */
const mailLinkCompleteKeys = {
  read: ['RATE#', 'REVOKED#'],
  write: ['LOGIN#', 'MAILTOKEN#', 'OUTBOX', 'USER#'],
} as const;

/** What the profile routes read besides the user: the guild, the reminder runs, the mail and the rate limits. */
const profileReads = partitions(guildReads, [
  'LOGIN#',
  'MAILTOKEN#',
  'OUTBOX',
  'RATE#',
  'REMINDER_JOB',
  'REMINDER_SENT#',
  'REMINDER_UNSUBSCRIBE#',
  'REVOKED#',
]);

/** Routes that write the user's profile. */
const profileKeys = {
  read: profileReads,
  write: ['USER#'],
  index: ['GUILDS#PUBLIC', 'GUILD_CODE#', 'REMINDER_SUBSCRIBERS'],
} as const;

export const createAuthTokenRoute = {
  name: 'createAuthToken',
  method: 'POST',
  path: '/api/auth/token',
  handler: 'auth/create-token',
  access: 'public',
  body: loginBodySchema,
  response: loginResponseSchema,
  aws: {
    table: 'write',
    userPool: ['AdminInitiateAuth'],
    // A sign-in in the second of a password reset is issued again through the user pool's custom
    // sign-in, whose one-time grant is a mail token (adapters/identity/sign-in-grant.ts).
    keys: { read: ['LOGIN#', 'REVOKED#', 'USER#'], write: ['MAILTOKEN#', 'RATE#'] },
  },
} as const satisfies RouteDefinition;

/** The TOTP code owed after the password; the session it starts may use the operator routes. */
export const answerTotpChallengeRoute = {
  name: 'answerTotpChallenge',
  method: 'POST',
  path: '/api/auth/token/totp',
  handler: 'auth/answer-totp-challenge',
  access: 'public',
  body: totpSignInBodySchema,
  response: authResponseSchema,
  aws: {
    table: 'write',
    userPool: ['AdminRespondToAuthChallenge', 'AdminInitiateAuth'],
    keys: { read: ['LOGIN#', 'REVOKED#'], write: ['LOGIN#', 'MAILTOKEN#', 'RATE#', 'USER#'] },
  },
} as const satisfies RouteDefinition;

/** Starts setting up the signed-in operator's TOTP: the secret for their authenticator app. */
export const startTotpSetupRoute = {
  name: 'startTotpSetup',
  method: 'POST',
  path: '/api/auth/totp/setup',
  handler: 'auth/start-totp-setup',
  access: 'user',
  response: totpSetupResponseSchema,
  aws: {
    table: 'write',
    userPool: ['AdminGetUser', 'AssociateSoftwareToken'],
    keys: { read: ['MAILTOKEN#', 'RATE#', 'REVOKED#', 'USER#'], write: ['LOGIN#'] },
  },
} as const satisfies RouteDefinition;

/** A code of the new secret: TOTP is required at every sign-in from now on, and this session may use the console. */
export const verifyTotpSetupRoute = {
  name: 'verifyTotpSetup',
  method: 'POST',
  path: '/api/auth/totp/verify',
  handler: 'auth/verify-totp-setup',
  access: 'user',
  body: totpVerifyBodySchema,
  response: doneResponseSchema,
  aws: {
    table: 'write',
    userPool: ['VerifySoftwareToken', 'AdminSetUserMFAPreference'],
    keys: { read: ['MAILTOKEN#', 'REVOKED#'], write: ['LOGIN#', 'RATE#', 'USER#'] },
  },
} as const satisfies RouteDefinition;

/**
 * Another operator's TOTP removed (a lost phone): their sessions end, and their next sign-in sets up
 * a new one.
 */
export const resetOperatorTotpRoute = {
  name: 'resetOperatorTotp',
  method: 'POST',
  path: '/api/golf/ops/operators/totp/reset',
  handler: 'ops/reset-operator-totp',
  access: 'operator',
  body: emailBodySchema,
  response: z.object({ user_id: z.string(), email: z.string() }),
  aws: {
    table: 'write',
    userPool: ['AdminSetUserMFAPreference'],
    keys: { read: ['REVOKED#'], write: ['LOGIN#', 'USER#'] },
  },
} as const satisfies RouteDefinition;

export const deleteAuthTokenRoute = {
  name: 'deleteAuthToken',
  method: 'DELETE',
  path: '/api/auth/token',
  handler: 'auth/delete-token',
  access: 'user',
  aws: { table: 'write', keys: { read: ['LOGIN#', 'MAILTOKEN#', 'RATE#', 'USER#'], write: ['REVOKED#'] } },
} as const satisfies RouteDefinition;

export const getSocialAuthorizeRoute = {
  name: 'getSocialAuthorize',
  method: 'GET',
  path: '/api/auth/social/{provider}/authorize',
  handler: 'auth/get-social-authorize',
  access: 'public',
  params: socialProviderParamsSchema,
  query: socialAuthorizeQuerySchema,
  response: socialAuthorizeResponseSchema,
  // LINE's and X's sign-in pages take their client ids.
  aws: { table: 'none', socialSignIn: 'authorize' },
} as const satisfies RouteDefinition;

export const createSocialTokenRoute = {
  name: 'createSocialToken',
  method: 'POST',
  path: '/api/auth/social/{provider}/token',
  handler: 'auth/create-social-token',
  access: 'public',
  params: socialProviderParamsSchema,
  body: socialTokenBodySchema,
  response: authResponseSchema,
  aws: {
    table: 'write',
    // LINE's and X's codes are exchanged here with their client secrets, and the player signed in
    // through the user pool's custom sign-in, whose one-time grant is a mail token.
    socialSignIn: 'exchange',
    userPool: [
      'AdminGetUser',
      'AdminCreateUser',
      'AdminSetUserPassword',
      'ListUsers',
      'AdminDeleteUser',
      'AdminInitiateAuth',
      'AdminRespondToAuthChallenge',
    ],
    keys: { write: ['MAILTOKEN#', 'SOCIAL#', 'USER#'] },
  },
} as const satisfies RouteDefinition;

export const getUserMeRoute = {
  name: 'getUserMe',
  method: 'GET',
  path: '/api/user/me',
  handler: 'user/get-me',
  access: 'user',
  response: userMeResponseSchema,
  aws: { table: 'read', keys: { read: ['LOGIN#', 'MAILTOKEN#', 'RATE#', 'REVOKED#', 'USER#'] } },
} as const satisfies RouteDefinition;

export const acceptUserPolicyRoute = {
  name: 'acceptUserPolicy',
  method: 'PATCH',
  path: '/api/user/policy',
  handler: 'user/accept-policy',
  access: 'user',
  response: userMeResponseSchema,
  aws: { table: 'write', keys: sessionKeys },
} as const satisfies RouteDefinition;

export const finishUserTutorialRoute = {
  name: 'finishUserTutorial',
  method: 'POST',
  path: '/api/user/tutorial',
  handler: 'user/finish-tutorial',
  access: 'user',
  response: tutorialResponseSchema,
  aws: { table: 'write', keys: sessionKeys },
} as const satisfies RouteDefinition;

export const toggleUserCopyNextRoundRoute = {
  name: 'toggleUserCopyNextRound',
  method: 'POST',
  path: '/api/user/is_copy_next_round',
  handler: 'user/toggle-copy-next-round',
  access: 'user',
  response: copyNextRoundResponseSchema,
  aws: { table: 'write', keys: sessionKeys },
} as const satisfies RouteDefinition;

export const startRegistrationRoute = {
  name: 'startRegistration',
  method: 'POST',
  path: '/api/auth/register',
  handler: 'auth/start-registration',
  access: 'public',
  body: registerBodySchema,
  response: mailSentResponseSchema,
  aws: {
    table: 'write',
    userPool: ['ListUsers', 'AdminCreateUser', 'AdminSetUserPassword'],
    mail: true,
    keys: mailLinkStartKeys,
  },
} as const satisfies RouteDefinition;

export const verifyRegistrationRoute = {
  name: 'verifyRegistration',
  method: 'GET',
  path: '/api/auth/register/verify/{token}',
  handler: 'auth/verify-registration',
  access: 'public',
  params: mailTokenParamsSchema,
  response: authResponseSchema,
  aws: {
    keys: { read: ['OUTBOX', 'RATE#', 'REVOKED#'], write: ['LOGIN#', 'MAILTOKEN#', 'USER#'] },
    table: 'write',
    userPool: ['ListUsers', 'AdminUpdateUserAttributes', 'AdminInitiateAuth', 'AdminRespondToAuthChallenge'],
  },
} as const satisfies RouteDefinition;

export const startEmailRegistrationRoute = {
  name: 'startEmailRegistration',
  method: 'POST',
  path: '/api/auth/register/mail',
  handler: 'auth/start-email-registration',
  access: 'user',
  body: emailBodySchema,
  response: mailSentResponseSchema,
  aws: { table: 'write', mail: true, keys: mailLinkStartKeys },
} as const satisfies RouteDefinition;

export const getUserEmailRoute = {
  name: 'getUserEmail',
  method: 'GET',
  path: '/api/user/email',
  handler: 'user/get-email',
  access: 'user',
  response: userEmailResponseSchema,
  aws: { table: 'read', keys: { read: ['LOGIN#', 'MAILTOKEN#', 'OUTBOX', 'RATE#', 'REVOKED#', 'USER#'] } },
} as const satisfies RouteDefinition;

export const startEmailChangeRoute = {
  name: 'startEmailChange',
  method: 'POST',
  path: '/api/auth/settings/email',
  handler: 'auth/start-email-change',
  access: 'user',
  body: emailBodySchema,
  response: mailSentResponseSchema,
  aws: { table: 'write', mail: true, keys: mailLinkStartKeys },
} as const satisfies RouteDefinition;

export const completeEmailChangeRoute = {
  name: 'completeEmailChange',
  method: 'POST',
  path: '/api/auth/settings/email/change',
  handler: 'auth/complete-email-change',
  access: 'public',
  body: emailChangeBodySchema,
  response: completeEmailChangeResponseSchema,
  aws: {
    keys: mailLinkCompleteKeys,
    table: 'write',
    userPool: [
      'ListUsers',
      'AdminCreateUser',
      'AdminSetUserPassword',
      'AdminUpdateUserAttributes',
      'AdminInitiateAuth',
      'AdminRespondToAuthChallenge',
    ],
    mail: true,
  },
} as const satisfies RouteDefinition;

export const startPasswordResetRoute = {
  name: 'startPasswordReset',
  method: 'POST',
  path: '/api/auth/password/reset/send',
  handler: 'auth/start-password-reset',
  access: 'public',
  body: emailBodySchema,
  response: mailSentResponseSchema,
  aws: { table: 'write', mail: true, keys: mailLinkStartKeys },
} as const satisfies RouteDefinition;

export const checkPasswordResetLinkRoute = {
  name: 'checkPasswordResetLink',
  method: 'POST',
  path: '/api/auth/password/reset/check',
  handler: 'auth/check-password-reset-link',
  access: 'public',
  body: resetLinkCheckBodySchema,
  response: resetLinkCheckResponseSchema,
  aws: { table: 'read', keys: { read: ['LOGIN#', 'MAILTOKEN#', 'REVOKED#', 'USER#'] } },
} as const satisfies RouteDefinition;

export const resetPasswordRoute = {
  name: 'resetPassword',
  method: 'POST',
  path: '/api/auth/password/reset',
  handler: 'auth/reset-password',
  access: 'public',
  body: passwordResetBodySchema,
  response: doneResponseSchema,
  aws: {
    table: 'write',
    userPool: ['AdminCreateUser', 'AdminSetUserPassword'],
    mail: true,
    keys: mailLinkCompleteKeys,
  },
} as const satisfies RouteDefinition;

export const changePasswordRoute = {
  name: 'changePassword',
  method: 'POST',
  path: '/api/auth/settings/password',
  handler: 'auth/change-password',
  access: 'user',
  body: passwordChangeBodySchema,
  response: doneResponseSchema,
  aws: {
    keys: { read: ['MAILTOKEN#', 'REVOKED#'], write: ['LOGIN#', 'OUTBOX', 'RATE#', 'USER#'] },
    table: 'write',
    userPool: ['AdminInitiateAuth', 'AdminCreateUser', 'AdminSetUserPassword'],
    mail: true,
  },
} as const satisfies RouteDefinition;

/** What the profile's confirmation reads: the profile routes' reads and the user. */
const profileConfirmReads = partitions(profileReads, ['USER#']);

export const confirmUserProfileRoute = {
  name: 'confirmUserProfile',
  method: 'POST',
  path: '/api/user/confirm',
  handler: 'user/confirm-profile',
  access: 'user',
  body: profileFormSchema,
  response: profileConfirmResponseSchema,
  aws: {
    table: 'read',
    uploads: ['GetObject'],
    keys: {
      read: profileConfirmReads,
      index: ['GUILDS#PUBLIC', 'GUILD_CODE#', 'REMINDER_SUBSCRIBERS'],
    },
  },
} as const satisfies RouteDefinition;

export const registerUserProfileRoute = {
  name: 'registerUserProfile',
  method: 'POST',
  path: '/api/user',
  handler: 'user/register-profile',
  access: 'user',
  body: profileFormSchema,
  response: userMeResponseSchema,
  aws: { table: 'write', uploads: ['PutObject', 'GetObject'], keys: profileKeys },
} as const satisfies RouteDefinition;

export const updateUserProfileRoute = {
  name: 'updateUserProfile',
  method: 'POST',
  path: '/api/user/profile',
  handler: 'user/update-profile',
  access: 'user',
  body: profileFormSchema,
  response: userMeResponseSchema,
  aws: { table: 'write', uploads: ['PutObject', 'GetObject'], keys: profileKeys },
} as const satisfies RouteDefinition;

export const withdrawUserRoute = {
  name: 'withdrawUser',
  method: 'POST',
  path: '/api/user/withdrawal',
  handler: 'user/withdraw',
  access: 'user',
  body: withdrawalBodySchema,
  response: doneResponseSchema,
  aws: {
    keys: {
      read: ['GUILD_CHAT#', 'MAILTOKEN#', 'RATE#', 'REMINDER_JOB', 'REMINDER_SENT#'],
      // A member leaves the guild first (handing it over, or closing it when alone in it).
      write: ['GUILD#', 'LOGIN#', 'OUTBOX', 'REMINDER_UNSUBSCRIBE#', 'REVOKED#', 'SOCIAL#', 'USER#'],
      index: ['GUILDS#PUBLIC', 'GUILD_CODE#', 'REMINDER_SUBSCRIBERS'],
    },
    table: 'write',
    uploads: ['DeleteObject'],
    userPool: ['ListUsers', 'AdminDeleteUser'],
    mail: true,
  },
} as const satisfies RouteDefinition;

/** Registration, sign-in, profile, settings and withdrawal (docs/api.md). */
export const accountRoutes = {
  createAuthToken: createAuthTokenRoute,
  answerTotpChallenge: answerTotpChallengeRoute,
  startTotpSetup: startTotpSetupRoute,
  verifyTotpSetup: verifyTotpSetupRoute,
  resetOperatorTotp: resetOperatorTotpRoute,
  deleteAuthToken: deleteAuthTokenRoute,
  getSocialAuthorize: getSocialAuthorizeRoute,
  createSocialToken: createSocialTokenRoute,
  getUserMe: getUserMeRoute,
  acceptUserPolicy: acceptUserPolicyRoute,
  finishUserTutorial: finishUserTutorialRoute,
  toggleUserCopyNextRound: toggleUserCopyNextRoundRoute,
  startRegistration: startRegistrationRoute,
  verifyRegistration: verifyRegistrationRoute,
  startEmailRegistration: startEmailRegistrationRoute,
  getUserEmail: getUserEmailRoute,
  startEmailChange: startEmailChangeRoute,
  completeEmailChange: completeEmailChangeRoute,
  startPasswordReset: startPasswordResetRoute,
  checkPasswordResetLink: checkPasswordResetLinkRoute,
  resetPassword: resetPasswordRoute,
  changePassword: changePasswordRoute,
  confirmUserProfile: confirmUserProfileRoute,
  registerUserProfile: registerUserProfileRoute,
  updateUserProfile: updateUserProfileRoute,
  withdrawUser: withdrawUserRoute,
} as const satisfies Record<string, RouteDefinition>;
