import { describe, expect, it } from 'vitest';
import {
  guildItem,
  guildMemberItem,
  guildMembershipItem,
  type GuildMemberRecord,
} from '../../functions/src/db/repositories/guild-repository';
import { batchWriteAll } from '../../functions/src/db/batch-write';
import { guildMemberListSchema, myGuildSchema, type OwnedGuild } from '../../shared/src/schemas/guild';
import { api, tokenFor } from './support/api';

interface ErrorBody {
  code: string;
  message: string;
}

const run = Date.now().toString(36);
const userId = (tag: string, n: number) => `guild-test-${run}-${tag}-${n}`;

/** A guild of `size` members written straight to the table (owner = member 0). */
async function guildWithMembers(tag: string, size: number, entryType: 1 | 2 = 1) {
  const guildId = `GTEST${run.toUpperCase()}${tag.toUpperCase()}`;
  const createdAt = new Date(Date.now() - 86_400_000).toISOString();
  const members: GuildMemberRecord[] = Array.from({ length: size }, (_, i) => ({
    guild_id: guildId,
    user_id: userId(tag, i),
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

async function memberList(token: string, guildId: string) {
  const result = await api('GET', `/api/golf/guild/${guildId}/member`, { token });
  return guildMemberListSchema.parse(result.body);
}

async function guildCount(token: string): Promise<number> {
  const mine = myGuildSchema.parse((await api('GET', '/api/golf/guild/mine', { token })).body);
  return mine.guild!.number_of_member;
}

describe('guild invariants under concurrency', () => {
  it('lets exactly 5 of 80 simultaneous joins into a guild of 45', async () => {
    const { guildId, ownerToken } = await guildWithMembers('open', 45);
    const tokens = await Promise.all(Array.from({ length: 80 }, (_, i) => tokenFor(userId('joiner', i))));
    const results = await Promise.all(
      tokens.map((token) => api<ErrorBody>('POST', `/api/golf/guild/${guildId}/join`, { token })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200).length).toBe(5);
    expect(statuses.filter((s) => s === 409).length).toBe(75);
    for (const refused of results.filter((r) => r.status === 409)) {
      expect(refused.body).toEqual({ code: 'guild_full', message: 'このギルドは満員のため参加できません。' });
    }
    const list = await memberList(ownerToken, guildId);
    expect(list.members.length).toBe(50);
    expect(list.number_of_member).toBe(50);
    expect(await guildCount(ownerToken)).toBe(50);
    // Refused users hold no membership lock: they are free to create a guild.
    const refusedIndex = statuses.findIndex((s) => s === 409);
    const created = await api<OwnedGuild>('POST', '/api/golf/guild/create', {
      token: tokens[refusedIndex]!,
      body: { name: '空いた人のギルド', entry_type: 1, is_public: true },
    });
    expect(created.status).toBe(200);
  });

  it('never overfills a guild when many use its code at once', async () => {
    const { guildId, joinCode, ownerToken } = await guildWithMembers('code', 47, 2);
    const tokens = await Promise.all(Array.from({ length: 30 }, (_, i) => tokenFor(userId('coder', i))));
    const results = await Promise.all(
      tokens.map((token) => api('POST', '/api/golf/guild/code', { token, body: { code: joinCode } })),
    );
    expect(results.filter((r) => r.status === 200).length).toBe(3);
    expect(results.filter((r) => r.status === 409).length).toBe(27);
    const list = await memberList(ownerToken, guildId);
    expect(list.members.length).toBe(50);
    expect(await guildCount(ownerToken)).toBe(50);
  });

  it('puts a user joining two guilds at once into exactly one', async () => {
    for (let attempt = 0; attempt < 5; attempt++) {
      const a = await guildWithMembers(`a${attempt}`, 3);
      const b = await guildWithMembers(`b${attempt}`, 3);
      const token = await tokenFor(userId('twice', attempt));
      const results = await Promise.all(
        [a.guildId, b.guildId].map((id) => api<ErrorBody>('POST', `/api/golf/guild/${id}/join`, { token })),
      );
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(results.find((r) => r.status === 409)!.body).toMatchObject({
        code: 'already_in_guild',
        message: 'すでに他のギルドに参加しています。',
      });
      const counts = [await guildCount(a.ownerToken), await guildCount(b.ownerToken)].sort();
      expect(counts).toEqual([3, 4]);
      const lists = [await memberList(a.ownerToken, a.guildId), await memberList(b.ownerToken, b.guildId)];
      for (const list of lists) expect(list.members.length).toBe(list.number_of_member);
    }
  });

  it('keeps counts equal to the list while members join and leave at once', async () => {
    const { guildId, ownerToken } = await guildWithMembers('churn', 20);
    const leavers = await Promise.all(Array.from({ length: 10 }, (_, i) => tokenFor(userId('churn', i + 1))));
    const joiners = await Promise.all(Array.from({ length: 40 }, (_, i) => tokenFor(userId('churner', i))));
    const results = await Promise.all([
      ...leavers.map((token) => api('POST', `/api/golf/guild/${guildId}/leave`, { token })),
      ...joiners.map((token) => api('POST', `/api/golf/guild/${guildId}/join`, { token })),
    ]);
    expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const list = await memberList(ownerToken, guildId);
    expect(list.members.length).toBeLessThanOrEqual(50);
    expect(await guildCount(ownerToken)).toBe(list.members.length);
    const joined = results.slice(10).filter((r) => r.status === 200).length;
    expect(list.members.length).toBe(20 - 10 + joined);
  });
});
