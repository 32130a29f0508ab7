import {
  guildItem,
  guildMemberItem,
  guildMembershipItem,
  type GuildMemberRecord,
  guildRepository,
} from '@golf/functions/db/repositories/guild-repository';
import { batchWriteAll } from '@golf/functions/db/batch-write';
import { guildMemberListSchema, myGuildSchema } from '@golf/shared/schemas/guild';
import { api, tokenFor } from './api';

const run = Date.now().toString(36);

/** A user id of this worker's run, unique per tag and number. */
export const guildUserId = (tag: string, n: number) => `guild-test-${run}-${tag}-${n}`;

/**
 * A guild of `size` members written straight to the table (owner = member 0, members
 * `guildUserId(tag, i)`), open to anyone (entry type 1) or by code (2). A tag names one guild per run.
 */
export async function guildWithMembers(tag: string, size: number, entryType: 1 | 2 = 1) {
  const guildId = `GTEST${run.toUpperCase()}${tag.toUpperCase()}`;
  const createdAt = new Date(Date.now() - 86_400_000).toISOString();
  const members: GuildMemberRecord[] = Array.from({ length: size }, (_, i) => ({
    guild_id: guildId,
    user_id: guildUserId(tag, i),
    role: i === 0 ? 'owner' : 'member',
    joined_at: new Date(Date.parse(createdAt) + i * 1000).toISOString(),
  }));
  const joinCode = `${tag.toUpperCase()}ZZZZZZZZ`.slice(0, 8);
  await batchWriteAll([
    guildItem({
      guild_id: guildId,
      name: `混雑ギルド${tag}`,
      comment: '',
      entry_type: entryType,
      is_public: true,
      image_key: null,
      image_type: 1,
      owner_id: members[0]!.user_id,
      join_code: joinCode,
      member_count: size,
      created_at: createdAt,
      updated_at: createdAt,
    }),
    ...members.flatMap((member) => [guildMemberItem(member), guildMembershipItem(member)]),
  ]);
  return { guildId, joinCode, ownerToken: await tokenFor(members[0]!.user_id) };
}

/** The guild's member list as a member reads it. */
export async function memberList(token: string, guildId: string) {
  const result = await api('GET', `/api/golf/guild/${guildId}/member`, { token });
  return guildMemberListSchema.parse(result.body);
}

/** The signed-in user's guild, or null. */
export async function myGuild(token: string) {
  return myGuildSchema.parse((await api('GET', '/api/golf/guild/mine', { token })).body).guild;
}

/** The member count the user's own guild shows. */
export async function guildCount(token: string): Promise<number> {
  return (await myGuild(token))!.number_of_member;
}

/**
 * The guild's members as if they had joined at `at` (their member items and locks rewritten): for a
 * fixture whose played rounds' deadlines are already past when its guilds are made.
 */
export async function joinedAt(guildId: string, at: Date) {
  const members = await guildRepository.listMembers(guildId);
  const backdated = members.map((member) => ({ ...member, joined_at: at.toISOString() }));
  await batchWriteAll(backdated.flatMap((member) => [guildMemberItem(member), guildMembershipItem(member)]));
}
