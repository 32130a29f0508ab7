/**
 * Requests and responses of the guild calls: create / confirm / manage, my guild, search, detail,
 * join (open or by code), leave, members, kick, chat, join code, and image uploads
 * (docs/api.md, section Guilds).
 */
import * as z from 'zod';
import { displayName, plainText } from './text';
import { GUILD_NAME_MAX } from './values/guild';

export { GUILD_MAX_MEMBERS, GUILD_NAME_MAX } from './values/guild';
export const GUILD_COMMENT_MAX = 200;
export const CHAT_MESSAGE_MAX = 200;
export const GUILD_PAGE_SIZE = 20;
const CHAT_PAGE_SIZE = 30;

/** Upload rules shared by the presign policy, the object check and direct multipart files. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const uploadContentTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** What an image is for; only operators may upload prize images. */
const uploadPurposeSchema = z.enum(['guild', 'profile', 'prize']);
export type UploadPurpose = z.infer<typeof uploadPurposeSchema>;

/** Multipart sends every field as text: accept 1/2 as numbers or strings. */
const entryTypeSchema = z.coerce
  .number()
  .int()
  .refine((value) => value === 1 || value === 2, { message: '参加方法を選択してください。' });

const booleanField = z.union([
  z.boolean(),
  z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1'),
  z.union([z.literal(1), z.literal(0)]).transform((value) => value === 1),
]);

/** 1 = the stock image (no upload), 2 = an uploaded image. */
const imageTypeSchema = z.coerce
  .number()
  .int()
  .refine((value) => value === 1 || value === 2, { message: '画像の種類が正しくありません。' });

const uploadKey = z.string().trim().min(1).max(300);

const guildIdSchema = z.string().regex(/^[0-9A-Za-z_-]{1,64}$/, 'ギルドIDが正しくありません。');
export const guildParamsSchema = z.object({ id: guildIdSchema });
export const guildMemberParamsSchema = guildParamsSchema.extend({
  user_id: z.string().min(1).max(128),
});

/**
 * The guild form (confirm, create, update), as JSON or multipart. An image comes either as the key
 * of an object uploaded with `POST /api/uploads/presign` (`guild_img_key`, or `guild_img` as text)
 * or as a multipart file in `guild_img`.
 */
export const guildFormSchema = z.object({
  name: displayName(GUILD_NAME_MAX),
  comment: plainText(GUILD_COMMENT_MAX, { min: 0, newlines: true }).default(''),
  entry_type: entryTypeSchema,
  is_public: booleanField,
  image_type: imageTypeSchema.optional(),
  guild_img_key: uploadKey.optional(),
  guild_img: uploadKey.optional(),
});
export type GuildForm = z.infer<typeof guildFormSchema>;

export const guildListQuerySchema = z.object({
  name: z.string().trim().max(GUILD_NAME_MAX).optional(),
  page: z.coerce.number().int().min(1).max(1000).default(1),
});
export const joinByCodeBodySchema = z.object({
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[0-9A-Z]{8}$/, '参加コードは8文字の英数字です。'),
});
export const chatQuerySchema = z.object({
  cursor: z
    .string()
    .regex(/^[0-9A-Za-z_-]{1,200}$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(CHAT_PAGE_SIZE),
});
export const postChatBodySchema = z.object({
  message: plainText(CHAT_MESSAGE_MAX, { min: 1, newlines: true }),
});
export const presignBodySchema = z.object({
  purpose: uploadPurposeSchema,
  content_type: z.enum(uploadContentTypes),
});

// ---- responses ----

const memberRoleSchema = z.enum(['owner', 'member']);
export type MemberRole = z.infer<typeof memberRoleSchema>;

/** A guild's settings as its owner sets them (the create form's confirmation step shows them). */
export const guildConfirmSchema = z.object({
  name: z.string(),
  comment: z.string(),
  entry_type: z.number().int(),
  is_public: z.boolean(),
  image_url: z.string().nullable(),
  image_type: z.number().int(),
});
export type GuildConfirm = z.infer<typeof guildConfirmSchema>;

const guildSummarySchema = guildConfirmSchema.extend({
  guild_id: z.string(),
  number_of_member: z.number().int(),
  owner_id: z.string(),
  owner_nickname: z.string(),
  created_at: z.string(),
});
export type GuildSummary = z.infer<typeof guildSummarySchema>;

/** Create / update answer: the owner also sees the join code (code guilds). */
export const ownedGuildSchema = guildSummarySchema.extend({ join_code: z.string().nullable() });
export type OwnedGuild = z.infer<typeof ownedGuildSchema>;

/** `GET /api/golf/guild/manage/{id}/fetch`: the edit form's values (owner only). */
export const guildManageSchema = guildConfirmSchema.extend({ join_code: z.string().nullable() });
export type GuildManage = z.infer<typeof guildManageSchema>;

export const guildDetailSchema = guildSummarySchema.extend({
  is_member: z.boolean(),
  my_role: memberRoleSchema.nullable(),
  /** Only for the owner. */
  join_code: z.string().nullable(),
  is_full: z.boolean(),
  /** Whether the caller can join with `POST /api/golf/guild/{id}/join` right now. */
  can_join: z.boolean(),
});
export type GuildDetail = z.infer<typeof guildDetailSchema>;

export const myGuildSchema = z.object({
  guild: guildDetailSchema.nullable(),
});
export type MyGuild = z.infer<typeof myGuildSchema>;

export const guildListSchema = z.object({
  guilds: z.array(guildSummarySchema),
  page: z.number().int(),
  total: z.number().int(),
  has_next: z.boolean(),
});
export type GuildList = z.infer<typeof guildListSchema>;

const guildMemberSchema = z.object({
  user_id: z.string(),
  nickname: z.string(),
  profile_img_url: z.string().nullable(),
  role: memberRoleSchema,
  joined_at: z.string(),
});
export const guildMemberListSchema = z.object({
  guild_id: z.string(),
  number_of_member: z.number().int(),
  members: z.array(guildMemberSchema),
});
export type GuildMemberList = z.infer<typeof guildMemberListSchema>;

export const joinResultSchema = z.object({
  guild_id: z.string(),
  name: z.string(),
  number_of_member: z.number().int(),
  joined_at: z.string(),
});
export type JoinResult = z.infer<typeof joinResultSchema>;

export const leaveResultSchema = z.object({
  guild_id: z.string(),
  /** `left`, `handed_over` (owner left; `new_owner_id` owns it now) or `closed` (owner was alone). */
  outcome: z.enum(['left', 'handed_over', 'closed']),
  new_owner_id: z.string().nullable(),
});
export type LeaveResult = z.infer<typeof leaveResultSchema>;

export const chatMessageSchema = z.object({
  message_id: z.string(),
  /** `member`: a member's words; `game`: a post the game wrote (a team saved, a round's results). */
  author: z.enum(['member', 'game']),
  /** The member who posted; null on the game's posts, which no member wrote. */
  user_id: z.string().nullable(),
  /** The poster's nickname; the game's label (ゲームからのお知らせ) on the game's posts. */
  nickname: z.string(),
  message: z.string(),
  posted_at: z.string(),
  /** The game's posts: what they are about. */
  game_post: z
    .object({
      kind: z.enum(['team_entered', 'team_changed', 'round_result']),
      round: z.number().int().min(1).max(4),
    })
    .nullable(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;
export const chatPageSchema = z.object({
  messages: z.array(chatMessageSchema),
  /** Pass as `?cursor=` for older messages; null at the oldest. */
  next_cursor: z.string().nullable(),
});
export type ChatPage = z.infer<typeof chatPageSchema>;

export const guildVersusQuerySchema = z.object({
  game_global_id: z.string().min(1).max(64).optional(),
  round: z.coerce.number().int().min(1).max(4).optional(),
});

const versusGuildSchema = z.object({
  guild_id: z.string(),
  name: z.string(),
  rank: z.number().int().min(1),
  /** The guild ranking's value: the average score of the members who entered (lower is better). */
  value: z.number(),
  display_value: z.string(),
});
export type VersusGuild = z.infer<typeof versusGuildSchema>;
const versusNeighbourSchema = versusGuildSchema.extend({
  /** Strokes between this guild's average and the shown guild's, always positive. */
  gap: z.number(),
  gap_display: z.string(),
});

/** `GET /api/golf/guild/{id}/versus`: the guild against the guilds ranked just above and below it. */
export const guildVersusSchema = z.object({
  game_global_id: z.string(),
  round: z.number().int().min(1).max(4),
  active_round: z.number().int().min(1).max(4).nullable(),
  is_provisional: z.boolean(),
  snapshot_id: z.string().nullable(),
  /** Guilds on the round's guild ranking. */
  guild_count: z.number().int(),
  /** Null while the guild has no member with a team on the round's ranking. */
  guild: versusGuildSchema.nullable(),
  above: versusNeighbourSchema.nullable(),
  below: versusNeighbourSchema.nullable(),
});
export type GuildVersus = z.infer<typeof guildVersusSchema>;

export const joinCodeSchema = z.object({ guild_id: z.string(), join_code: z.string() });
export type JoinCode = z.infer<typeof joinCodeSchema>;

export const presignedUploadSchema = z.object({
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  key: z.string(),
  max_bytes: z.number().int(),
  expires_in: z.number().int(),
});
export type PresignedUpload = z.infer<typeof presignedUploadSchema>;
