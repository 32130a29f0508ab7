import { randomInt } from 'node:crypto';
import { monotonicFactory } from 'ulid';
import {
  GUILD_MAX_MEMBERS,
  GUILD_PAGE_SIZE,
  type ChatMessage,
  type ChatPage,
  type GuildConfirm,
  type GuildDetail,
  type GuildForm,
  type GuildList,
  type GuildManage,
  type GuildMemberList,
  type GuildSummary,
  type JoinCode,
  type JoinResult,
  type LeaveResult,
  type MyGuild,
  type OwnedGuild,
} from '@golf/shared/schemas/guild';
import { GAME_POST_LABEL, gamePostText } from '@golf/shared/game/guild-posts';
import {
  guildRepository,
  type ChatMessageRecord,
  type GuildRecord,
  type MembershipRefusal,
} from '../../db/repositories/guild-repository';
import { userRepository, WITHDRAWN_NICKNAME } from '../../db/repositories/user-repository';
import { errorMessages } from '@golf/shared/errors';
import type { AppError } from '../../lib/errors';
import { conflict, notFound, rateLimited, refusal as refuse, validationFailed } from '../../lib/errors';
import type { UploadedFile } from '../../lib/multipart';
import {
  attachUploadedImage,
  checkImageFile,
  checkUploadedImage,
  publicUrl,
  storeImageFile,
} from '../../lib/uploads';

const ulid = monotonicFactory();

const GUEST_NICKNAME = 'ゲスト';
export const CHAT_RATE_LIMIT = { windowSeconds: 10, limit: 5 };

const messages = {
  notFound: 'ギルドが見つかりませんでした。',
  codeNotFound: '参加コードが正しくありません。',
  busy: 'ほかの操作と重なりました。もう一度お試しください。',
  chatTooFast: '短時間に続けて投稿できません。しばらくしてからお試しください。',
};

// Crockford-like alphabet without look-alikes (0/O, 1/I/L).
const codeAlphabet = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const newJoinCode = (): string =>
  Array.from({ length: 8 }, () => codeAlphabet[randomInt(codeAlphabet.length)]).join('');

const imageUrl = (guild: Pick<GuildRecord, 'image_key'>) =>
  guild.image_key ? publicUrl(guild.image_key) : null;

export async function nicknames(
  userIds: string[],
): Promise<Map<string, { nickname: string; profile_img_url: string | null }>> {
  const profiles = await guildRepository.profiles(userIds);
  const withdrawn = await userRepository.withdrawnAmong(userIds.filter((id) => !profiles.has(id)));
  return new Map(
    userIds.map((id) => [
      id,
      {
        nickname: profiles.get(id)?.nickname || (withdrawn.has(id) ? WITHDRAWN_NICKNAME : GUEST_NICKNAME),
        profile_img_url: profiles.get(id)?.profile_img_url ?? null,
      },
    ]),
  );
}

/** The fields the owner sets, as every guild answer shows them. */
const settingsOf = (guild: GuildRecord) => ({
  name: guild.name,
  comment: guild.comment,
  entry_type: guild.entry_type,
  is_public: guild.is_public,
  image_url: imageUrl(guild),
  image_type: guild.image_type,
});

/** The form's settings as the guild item stores them. */
const storedSettings = (form: GuildForm, image: Pick<GuildRecord, 'image_key' | 'image_type'>) => ({
  name: form.name,
  comment: form.comment,
  entry_type: form.entry_type as 1 | 2,
  is_public: form.is_public,
  image_key: image.image_key,
  image_type: image.image_type,
});

function summary(guild: GuildRecord, ownerNickname: string): GuildSummary {
  return {
    guild_id: guild.guild_id,
    ...settingsOf(guild),
    number_of_member: guild.member_count,
    owner_id: guild.owner_id,
    owner_nickname: ownerNickname,
    created_at: guild.created_at,
  };
}

async function summaryOf(guild: GuildRecord): Promise<GuildSummary> {
  const names = await nicknames([guild.owner_id]);
  return summary(guild, names.get(guild.owner_id)!.nickname);
}

async function requireGuild(guildId: string): Promise<GuildRecord> {
  const guild = await guildRepository.get(guildId);
  if (!guild) throw notFound(messages.notFound);
  return guild;
}

/**
 * A guild the caller may know of: a listed one, or one they belong to. An unlisted guild answers a
 * stranger exactly as an unknown id does (404), so its id confirms nothing.
 */
export async function requireVisibleGuild(guildId: string, userId: string): Promise<GuildRecord> {
  const guild = await requireGuild(guildId);
  if (!guild.is_public && !(await guildRepository.getMember(guildId, userId)))
    throw notFound(messages.notFound);
  return guild;
}

async function requireOwner(guildId: string, userId: string): Promise<GuildRecord> {
  const guild = await requireVisibleGuild(guildId, userId);
  if (guild.owner_id !== userId) throw refuse('not_guild_owner');
  return guild;
}

async function requireMember(guildId: string, userId: string): Promise<GuildRecord> {
  const guild = await requireVisibleGuild(guildId, userId);
  if (!(await guildRepository.getMember(guildId, userId))) throw refuse('not_guild_member');
  return guild;
}

const refusalErrors: Record<MembershipRefusal, () => AppError> = {
  guild_full: () => refuse('guild_full'),
  already_in_a_guild: () => refuse('already_in_guild'),
  guild_missing: () => notFound(messages.notFound),
  not_joinable: () => refuse('guild_join_code_required'),
  not_member: () => refuse('not_guild_member'),
  not_owner: () => refuse('not_guild_owner'),
  conflict: () => conflict(messages.busy),
};

const refusalError = (reason: MembershipRefusal): AppError => refusalErrors[reason]();

/** The image the form names: a new multipart file, an uploaded object's key, or none. */
async function resolveImage(
  form: GuildForm,
  file: UploadedFile | undefined,
  userId: string,
  current: Pick<GuildRecord, 'image_key' | 'image_type'> | null,
  store: boolean,
): Promise<{ image_key: string | null; image_type: number; preview_url: string | null }> {
  const key = form.guild_img_key ?? form.guild_img;
  if (file && file.data.length > 0) {
    const stored = store
      ? await storeImageFile({ file, purpose: 'guild', userId, field: 'guild_img' })
      : (await checkImageFile(file, 'guild_img'), null);
    return { image_key: stored, image_type: 2, preview_url: stored ? publicUrl(stored) : null };
  }
  if (key) {
    const field = form.guild_img_key ? 'guild_img_key' : 'guild_img';
    const image = await (store ? attachUploadedImage : checkUploadedImage)({
      key,
      purpose: 'guild',
      userId,
      field,
    });
    return { image_key: image, image_type: 2, preview_url: publicUrl(image) };
  }
  if (form.image_type === 1 || !current) return { image_key: null, image_type: 1, preview_url: null };
  return { ...current, preview_url: current.image_key ? publicUrl(current.image_key) : null };
}

export async function confirmGuild(input: {
  userId: string;
  form: GuildForm;
  file?: UploadedFile;
}): Promise<GuildConfirm> {
  if (await guildRepository.getMembership(input.userId)) throw refuse('already_in_guild');
  const image = await resolveImage(input.form, input.file, input.userId, null, false);
  return {
    name: input.form.name,
    comment: input.form.comment,
    entry_type: input.form.entry_type,
    is_public: input.form.is_public,
    image_url: image.preview_url,
    image_type: input.file && input.file.data.length > 0 ? 2 : image.image_type,
  };
}

function owned(guild: GuildRecord, ownerNickname: string): OwnedGuild {
  return { ...summary(guild, ownerNickname), join_code: guild.entry_type === 2 ? guild.join_code : null };
}

export async function createGuild(input: {
  userId: string;
  form: GuildForm;
  file?: UploadedFile;
  now: Date;
}): Promise<OwnedGuild> {
  // Refuse before storing an image for someone who cannot create a guild anyway.
  if (await guildRepository.getMembership(input.userId)) throw refuse('already_in_guild');
  const image = await resolveImage(input.form, input.file, input.userId, null, true);
  const at = input.now.toISOString();
  const guild: GuildRecord = {
    guild_id: ulid(input.now.getTime()),
    ...storedSettings(input.form, image),
    owner_id: input.userId,
    join_code: newJoinCode(),
    member_count: 1,
    created_at: at,
    updated_at: at,
  };
  const refusal = await guildRepository.create(guild);
  if (refusal) throw refusalError(refusal);
  return owned(guild, (await nicknames([input.userId])).get(input.userId)!.nickname);
}

export async function updateGuild(input: {
  userId: string;
  guildId: string;
  form: GuildForm;
  file?: UploadedFile;
  now: Date;
}): Promise<OwnedGuild> {
  const current = await requireOwner(input.guildId, input.userId);
  const image = await resolveImage(input.form, input.file, input.userId, current, true);
  const changes = {
    ...storedSettings(input.form, image),
    updated_at: input.now.toISOString(),
  };
  if (!(await guildRepository.updateSettings(input.guildId, input.userId, changes, current.created_at)))
    throw refuse('not_guild_owner');
  const updated = await requireGuild(input.guildId);
  return owned(updated, (await nicknames([input.userId])).get(input.userId)!.nickname);
}

export async function fetchManagedGuild(userId: string, guildId: string): Promise<GuildManage> {
  const guild = await requireOwner(guildId, userId);
  return { ...settingsOf(guild), join_code: guild.join_code };
}

export async function regenerateJoinCode(userId: string, guildId: string): Promise<JoinCode> {
  await requireOwner(guildId, userId);
  const code = newJoinCode();
  if (!(await guildRepository.setJoinCode(guildId, userId, code))) throw refuse('not_guild_owner');
  return { guild_id: guildId, join_code: code };
}

async function detail(guild: GuildRecord, userId: string): Promise<GuildDetail> {
  const [member, membership, base] = await Promise.all([
    guildRepository.getMember(guild.guild_id, userId),
    guildRepository.getMembership(userId),
    summaryOf(guild),
  ]);
  const isFull = guild.member_count >= GUILD_MAX_MEMBERS;
  return {
    ...base,
    is_member: Boolean(member),
    my_role: member?.role ?? null,
    join_code: member?.role === 'owner' ? guild.join_code : null,
    is_full: isFull,
    can_join: !membership && !isFull && guild.entry_type === 1 && guild.is_public,
  };
}

export async function showGuild(userId: string, guildId: string): Promise<GuildDetail> {
  // A private guild is shown to its members only (others reach it with a code).
  return detail(await requireVisibleGuild(guildId, userId), userId);
}

export async function myGuild(userId: string): Promise<MyGuild> {
  const membership = await guildRepository.getMembership(userId);
  if (!membership) return { guild: null };
  const guild = await guildRepository.get(membership.guild_id);
  return { guild: guild ? await detail(guild, userId) : null };
}

/** Search compares NFKC-normalised, lower-cased names, so ｶﾞｲﾄﾞ finds ガイド and ABC finds abc. */
const normalise = (value: string) => value.normalize('NFKC').toLowerCase();

export async function listGuilds(input: { name?: string; page: number }): Promise<GuildList> {
  const all = await guildRepository.listPublic();
  const needle = input.name ? normalise(input.name) : '';
  const matching = needle ? all.filter((guild) => normalise(guild.name).includes(needle)) : all;
  const start = (input.page - 1) * GUILD_PAGE_SIZE;
  const pageItems = matching.slice(start, start + GUILD_PAGE_SIZE);
  const names = await nicknames(pageItems.map((guild) => guild.owner_id));
  return {
    guilds: pageItems.map((guild) => summary(guild, names.get(guild.owner_id)!.nickname)),
    page: input.page,
    total: matching.length,
    has_next: start + GUILD_PAGE_SIZE < matching.length,
  };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A join that lost a race (transaction conflict, a seat freed meanwhile) is retried a few times. */
async function joinWithRetry(
  guildId: string,
  userId: string,
  at: string,
  rule: { entryType: 1 } | { code: string },
): Promise<MembershipRefusal | null> {
  let refusal: MembershipRefusal | null = 'conflict';
  for (let attempt = 0; attempt < 5 && refusal === 'conflict'; attempt++) {
    if (attempt) await pause(20 * attempt + Math.random() * 30);
    refusal = await guildRepository.join(guildId, userId, at, rule);
  }
  return refusal;
}

async function joined(guildId: string, joinedAt: string): Promise<JoinResult> {
  const guild = await requireGuild(guildId);
  return { guild_id: guildId, name: guild.name, number_of_member: guild.member_count, joined_at: joinedAt };
}

async function explainAlreadyIn(userId: string, guildId: string): Promise<AppError> {
  const membership = await guildRepository.getMembership(userId);
  return refuse(membership?.guild_id === guildId ? 'already_guild_member' : 'already_in_guild');
}

export async function joinGuild(input: { userId: string; guildId: string; now: Date }): Promise<JoinResult> {
  const guild = await requireVisibleGuild(input.guildId, input.userId);
  if (guild.entry_type !== 1 || !guild.is_public) throw refuse('guild_join_code_required');
  const at = input.now.toISOString();
  const refusal = await joinWithRetry(input.guildId, input.userId, at, { entryType: 1 });
  if (refusal === 'already_in_a_guild') throw await explainAlreadyIn(input.userId, input.guildId);
  if (refusal) throw refusalError(refusal);
  return joined(input.guildId, at);
}

export async function joinGuildByCode(input: {
  userId: string;
  code: string;
  now: Date;
}): Promise<JoinResult> {
  const guild = await guildRepository.findByCode(input.code);
  if (!guild) throw notFound(messages.codeNotFound);
  const at = input.now.toISOString();
  const refusal = await joinWithRetry(guild.guild_id, input.userId, at, { code: input.code });
  if (refusal === 'already_in_a_guild') throw await explainAlreadyIn(input.userId, guild.guild_id);
  if (refusal === 'not_joinable') throw notFound(messages.codeNotFound);
  if (refusal) throw refusalError(refusal);
  return joined(guild.guild_id, at);
}

/**
 * Leaving: a member just leaves; the owner hands the guild to the longest-standing other member,
 * or closes it when alone. Retried when another join or leave lands in between.
 */
export async function leaveGuild(input: {
  userId: string;
  guildId: string;
  now: Date;
}): Promise<LeaveResult> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const guild = await requireVisibleGuild(input.guildId, input.userId);
    const member = await guildRepository.getMember(input.guildId, input.userId);
    if (!member) throw refuse('not_guild_member');
    if (guild.owner_id !== input.userId) {
      const refusal = await guildRepository.removeMember(input.guildId, input.userId, input.now);
      if (!refusal) return { guild_id: input.guildId, outcome: 'left', new_owner_id: null };
      if (refusal !== 'conflict') throw refusalError(refusal);
      continue;
    }
    const successor = (await guildRepository.listMembers(input.guildId)).find(
      (m) => m.user_id !== input.userId,
    );
    if (!successor) {
      if (await guildRepository.close(input.guildId, input.userId, input.now))
        return { guild_id: input.guildId, outcome: 'closed', new_owner_id: null };
      continue;
    }
    if (await guildRepository.handOver(input.guildId, input.userId, successor.user_id, input.now))
      return { guild_id: input.guildId, outcome: 'handed_over', new_owner_id: successor.user_id };
  }
  throw conflict(messages.busy);
}

export async function kickMember(input: {
  userId: string;
  guildId: string;
  memberId: string;
  now: Date;
}): Promise<GuildMemberList> {
  const guild = await requireOwner(input.guildId, input.userId);
  if (input.memberId === guild.owner_id) throw refuse('guild_owner_cannot_be_kicked');
  const refusal = await guildRepository.removeMember(input.guildId, input.memberId, input.now, input.userId);
  if (refusal === 'not_member') throw notFound(errorMessages.not_guild_member);
  if (refusal) throw refusalError(refusal);
  return listMembersOf(input.guildId);
}

async function listMembersOf(guildId: string): Promise<GuildMemberList> {
  const members = await guildRepository.listMembers(guildId);
  const names = await nicknames(members.map((m) => m.user_id));
  return {
    guild_id: guildId,
    number_of_member: members.length,
    members: members.map((m) => ({
      user_id: m.user_id,
      nickname: names.get(m.user_id)!.nickname,
      profile_img_url: names.get(m.user_id)!.profile_img_url,
      role: m.role,
      joined_at: m.joined_at,
    })),
  };
}

export async function listMembers(userId: string, guildId: string): Promise<GuildMemberList> {
  await requireVisibleGuild(guildId, userId);
  return listMembersOf(guildId);
}

/** Opaque to clients: the sort key of the last message of the page, base64url. */
const encodeCursor = (sortKey: string) => Buffer.from(sortKey, 'utf8').toString('base64url');
const decodeCursor = (cursor: string): string | undefined => {
  const sortKey = Buffer.from(cursor, 'base64url').toString('utf8');
  return /^MSG#[0-9A-Z]{26}$/.test(sortKey) ? sortKey : undefined;
};

export async function listChat(input: {
  userId: string;
  guildId: string;
  cursor?: string;
  limit: number;
}): Promise<ChatPage> {
  await requireMember(input.guildId, input.userId);
  const after = input.cursor ? decodeCursor(input.cursor) : undefined;
  if (input.cursor && !after) {
    throw validationFailed({ cursor: ['カーソルが正しくありません。'] });
  }
  const page = await guildRepository.listChat(input.guildId, input.limit, after);
  // A member's post names its writer; a game post about a member names that member in its text.
  const named = (m: ChatMessageRecord) =>
    m.game_post && 'member_id' in m.game_post ? m.game_post.member_id : m.user_id;
  const names = await nicknames([
    ...new Set(page.messages.map(named).filter((id): id is string => id !== null)),
  ]);
  return {
    messages: page.messages.map((m): ChatMessage => {
      const subject = named(m);
      const name = subject === null ? '' : names.get(subject)!.nickname;
      return m.game_post
        ? {
            message_id: m.message_id,
            author: 'game',
            user_id: null,
            nickname: GAME_POST_LABEL,
            message: gamePostText(m.game_post, name),
            posted_at: m.posted_at,
            game_post: { kind: m.game_post.kind, round: m.game_post.round },
          }
        : memberMessage(m, name);
    }),
    next_cursor: page.lastKey ? encodeCursor(page.lastKey) : null,
  };
}

const memberMessage = (m: ChatMessageRecord, nickname: string): ChatMessage => ({
  message_id: m.message_id,
  author: 'member',
  user_id: m.user_id,
  nickname,
  message: m.message,
  posted_at: m.posted_at,
  game_post: null,
});

export async function postChat(input: {
  userId: string;
  guildId: string;
  message: string;
  now: Date;
}): Promise<ChatMessage> {
  await requireMember(input.guildId, input.userId);
  const allowed = await guildRepository.countAction(
    'guild-chat',
    input.userId,
    CHAT_RATE_LIMIT.windowSeconds,
    CHAT_RATE_LIMIT.limit,
    input.now,
  );
  if (!allowed) throw rateLimited(messages.chatTooFast);
  const record = {
    guild_id: input.guildId,
    message_id: ulid(input.now.getTime()),
    user_id: input.userId,
    message: input.message,
    posted_at: input.now.toISOString(),
  };
  if (!(await guildRepository.putChatMessage(record))) throw refuse('not_guild_member');
  const names = await nicknames([input.userId]);
  return memberMessage(record, names.get(input.userId)!.nickname);
}
