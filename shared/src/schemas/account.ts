import { z } from 'zod';

/** Registration progress: e-mail unverified -> necessary profile info missing -> complete. */
export const userStatuses = ['mail_verify', 'required_not_enter', 'complete'] as const;
export const userStatusSchema = z.enum(userStatuses);
export type UserStatus = z.infer<typeof userStatusSchema>;

export const emailSchema = z.email().max(254);
export const passwordSchema = z.string().min(8).max(128);

export const loginBodySchema = z.object({ email: emailSchema, password: z.string().min(1).max(128) });
export type LoginBody = z.infer<typeof loginBodySchema>;

export const authUserSchema = z.object({
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
