import { describe, expect, it } from 'vitest';
import type { OwnedGuild } from '../../shared/src/schemas/guild';
import { api, tokenFor } from './support/api';
import { guildCount, guildUserId as userId, guildWithMembers, memberList } from './support/guilds';
import type { ErrorBody } from './support/race';

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
