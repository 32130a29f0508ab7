import * as z from 'zod';
import { masterLists } from '../master/static-lists';
import { displayName, masterValue, plainText } from './text';

/** Registration progress: e-mail unverified -> necessary profile info missing -> complete. */
const userStatuses = ['mail_verify', 'required_not_enter', 'complete'] as const;
const userStatusSchema = z.enum(userStatuses);
export type UserStatus = z.infer<typeof userStatusSchema>;

export const emailSchema = z.email().max(254);
/** The shortest new password (docs/adr/0026-operators-second-factor.md); the user pool's policy says the same. */
export const passwordMinLength = 10;
const passwordSchema = z.string().min(passwordMinLength).max(128);
/** A new password found among common and breached ones (the API checks every new password). */
export const commonPasswordMessage =
  'よく使われていて推測されやすいパスワードです。別のパスワードにしてください。';

export const loginBodySchema = z.object({ email: emailSchema, password: z.string().min(1).max(128) });
export type LoginBody = z.infer<typeof loginBodySchema>;

const authUserSchema = z.object({
  user_id: z.string(),
  is_accepted_policy: z.boolean(),
  status: userStatusSchema,
  is_registed_email: z.boolean(),
});

export const authResponseSchema = z.object({
  access_token: z.string(),
  expires_at: z.string(),
  user: authUserSchema,
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

/** A TOTP code: 6 digits (spaces an app shows in the middle are the SPA's to remove). */
const totpCodeSchema = z.string().regex(/^\d{6}$/, '認証アプリに表示された6桁の数字を入力してください。');

/**
 * POST /api/auth/token: signed in, or (a login with a TOTP) the code still owed: `challenge` goes
 * back with it to POST /api/auth/token/totp. `totp_setup_required`: an operator without a TOTP,
 * whose token reaches no operator route until one is set up (POST /api/auth/totp/setup).
 */
export const loginResponseSchema = z.union([
  authResponseSchema.extend({ totp_setup_required: z.boolean().optional() }),
  z.object({ second_factor: z.literal('totp'), challenge: z.string() }),
]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** POST /api/auth/token/totp: the address, the challenge of the password's answer and the code. */
export const totpSignInBodySchema = z.object({
  email: emailSchema,
  challenge: z.string().min(1).max(4096),
  code: totpCodeSchema,
});

/** POST /api/auth/totp/setup: the secret for the authenticator app, and its otpauth:// address. */
export const totpSetupResponseSchema = z.object({ secret: z.string(), otpauth_uri: z.string() });
export type TotpSetupResponse = z.infer<typeof totpSetupResponseSchema>;

/** POST /api/auth/totp/verify: a code of the new secret. */
export const totpVerifyBodySchema = z.object({ code: totpCodeSchema });

export const userMeResponseSchema = z.object({
  user_id: z.string(),
  nickname: z.string().nullable(),
  gender: z.number().int().nullable(),
  age: z.number().int().nullable(),
  address: z.number().int().nullable(),
  golf_play_history: z.number().int().nullable(),
  email: z.string().nullable(),
  profile_img_url: z.string().nullable(),
  is_copy_next_round: z.boolean(),
  tutorial_flg: z.boolean(),
  is_registed_email: z.boolean(),
  is_accepted_policy: z.boolean(),
  status: userStatusSchema,
});
export type UserMeResponse = z.infer<typeof userMeResponseSchema>;

// ---- e-mail registration, mail links, passwords, profile, withdrawal (docs/api.md, Accounts) ----

/** A mail link's token: 32 random bytes, base64url. */
const mailTokenSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{20,128}$/, 'リンクが正しくありません。メールのリンクをもう一度開いてください。');
export const mailTokenParamsSchema = z.object({ token: mailTokenSchema });

const passwordConfirmationMessage = 'パスワードが一致しません。';

const confirmedPassword = {
  password: passwordSchema,
  password_confirmation: z.string().max(128),
};

/** New password twice: `password_confirmation` must equal `password` (422 on that field). */
const passwordsMatch = (body: { password: string; password_confirmation: string }) =>
  body.password === body.password_confirmation;
const passwordsMatchIssue = { path: ['password_confirmation'], message: passwordConfirmationMessage };

/** POST /api/auth/register: starts an e-mail registration (a verification link is mailed). */
export const registerBodySchema = z
  .object({ email: emailSchema, ...confirmedPassword })
  .refine(passwordsMatch, passwordsMatchIssue);
export type RegisterBody = z.infer<typeof registerBodySchema>;

/** The same answer whether or not the address is known (registration and reset never tell). */
export const mailSentResponseSchema = z.object({ message: z.string() });
export type MailSentResponse = z.infer<typeof mailSentResponseSchema>;

/** POST /api/auth/register/mail and POST /api/auth/settings/email: the address a link goes to. */
export const emailBodySchema = z.object({ email: emailSchema });

const booleanFlag = z.union([
  z.boolean(),
  z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1'),
]);

/**
 * POST /api/auth/settings/email/change: the link's token. `registerFlg` true completes a social
 * sign-up's e-mail registration (the answer is auth data); false is a plain change.
 */
export const emailChangeBodySchema = z.object({
  token: mailTokenSchema,
  registerFlg: booleanFlag.default(false),
});
export type EmailChangeBody = z.infer<typeof emailChangeBodySchema>;

const emailChangeResponseSchema = z.object({ email: z.string() });

/** GET /api/user/email */
export const userEmailResponseSchema = z.object({ email: z.string().nullable(), has_password: z.boolean() });
export type UserEmailResponse = z.infer<typeof userEmailResponseSchema>;

/**
 * POST /api/auth/password/reset/check: whether a reset link still works, asked when it is opened so
 * that an expired or used one is refused before the new password is typed. A POST keeps the token
 * out of addresses and logs; it changes nothing.
 */
export const resetLinkCheckBodySchema = z.object({ token: mailTokenSchema });
export const resetLinkCheckResponseSchema = z.object({ expires_at: z.string() });
export type ResetLinkCheckResponse = z.infer<typeof resetLinkCheckResponseSchema>;

/** POST /api/auth/password/reset: the reset link's token and the new password. */
export const passwordResetBodySchema = z
  .object({ token: mailTokenSchema, ...confirmedPassword })
  .refine(passwordsMatch, passwordsMatchIssue);
export type PasswordResetBody = z.infer<typeof passwordResetBodySchema>;

/** POST /api/auth/settings/password */
export const passwordChangeBodySchema = z
  .object({ current_password: z.string().min(1).max(128), ...confirmedPassword })
  .refine(passwordsMatch, passwordsMatchIssue);
export type PasswordChangeBody = z.infer<typeof passwordChangeBodySchema>;

export const doneResponseSchema = z.object({ message: z.string() });

/** POST /api/user/withdrawal: the player confirms; a reason is optional. */
export const withdrawalBodySchema = z.object({
  agree: z.literal(true, { message: '注意事項を確認のうえ、チェックを入れてください。' }),
  reason: plainText(500, { min: 0, newlines: true }).optional(),
});
export type WithdrawalBody = z.infer<typeof withdrawalBodySchema>;

/** 1 = no picture (the default icon), 2 = an uploaded picture; absent keeps the current one. */
const profileImageTypeSchema = z.coerce
  .number()
  .int()
  .refine((value) => value === 1 || value === 2, { message: '画像の種類が正しくありません。' });

export const NICKNAME_MAX = 20;

/**
 * The profile form (POST /api/user/confirm, /api/user, /api/user/profile), JSON or multipart. A
 * picture comes as a multipart file `profile_img` or as the key of an upload (`profile_img_key`).
 */
export const profileFormSchema = z.object({
  nickname: displayName(NICKNAME_MAX),
  gender: masterValue(masterLists.gender, '性別を選択してください。').transform(Number),
  age: masterValue(masterLists.age, '年代を選択してください。').transform(Number),
  address: masterValue(masterLists.prefecture, 'お住まいの都道府県を選択してください。').transform(Number),
  golf_play_history: masterValue(
    masterLists.golf_play_history,
    'ゴルフのプレー頻度を選択してください。',
  ).transform(Number),
  profile_img_type: profileImageTypeSchema.optional(),
  profile_img_key: z.string().trim().min(1).max(300).optional(),
});
export type ProfileForm = z.infer<typeof profileFormSchema>;

/** POST /api/user/confirm: the form as it will be stored (nothing is stored). */
export const profileConfirmResponseSchema = z.object({
  nickname: z.string(),
  gender: z.number().int(),
  age: z.number().int(),
  address: z.number().int(),
  golf_play_history: z.number().int(),
  profile_img_url: z.string().nullable(),
  profile_img_type: z.number().int(),
});
export type ProfileConfirmResponse = z.infer<typeof profileConfirmResponseSchema>;

/** POST /api/user/tutorial: the flag only ever moves to true. */
export const tutorialResponseSchema = z.object({ tutorial_flg: z.boolean() });
/** POST /api/user/is_copy_next_round: the toggled value. */
export const copyNextRoundResponseSchema = z.object({ is_copy_next_round: z.boolean() });
/** POST /api/auth/settings/email/change: signed in when registering a social player's address. */
export const completeEmailChangeResponseSchema = z.union([authResponseSchema, emailChangeResponseSchema]);
