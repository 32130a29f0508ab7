import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../shared/src/contracts';
import { guildRoutes } from '../../shared/src/routes/guild';
import {
  chatPageSchema,
  guildDetailSchema,
  guildListSchema,
  guildManageSchema,
  guildMemberListSchema,
  leaveResultSchema,
  myGuildSchema,
  ownedGuildSchema,
  type OwnedGuild,
} from '../../shared/src/schemas/guild';
import { userRepository } from '../../functions/src/db/repositories/user-repository';
import { api, tokenFor } from './support/api';

interface ErrorBody {
  code: string;
  message: string;
  errors?: Record<string, string[]>;
}

const run = Date.now().toString(36);
let counter = 0;
/** A fresh user per fixture: tests never share guild state. */
async function newUser(): Promise<{ id: string; token: string }> {
  const id = `guild-test-${run}-${++counter}`;
  return { id, token: await tokenFor(id) };
}

const form = (overrides: Record<string, unknown> = {}) => ({
  name: 'テストギルド',
  comment: 'よろしくお願いします',
  entry_type: 1,
  is_public: true,
  ...overrides,
});

async function createGuild(token: string, overrides: Record<string, unknown> = {}): Promise<OwnedGuild> {
  const result = await api<OwnedGuild>('POST', '/api/golf/guild/create', { token, body: form(overrides) });
  expect(result.status).toBe(200);
  return ownedGuildSchema.parse(result.body);
}

async function join(token: string, guildId: string) {
  return api<ErrorBody>('POST', `/api/golf/guild/${guildId}/join`, { token });
}

async function mine(token: string) {
  const result = await api('GET', '/api/golf/guild/mine', { token });
  expect(result.status).toBe(200);
  return myGuildSchema.parse(result.body).guild;
}

describe('guild access', () => {
  it('answers 401 to anonymous callers on every guild and upload call', async () => {
    for (const route of Object.values(guildRoutes)) {
      const path = route.path.replace('{id}', '01ABCDEFGHJKMNPQRSTVWXYZ00').replace('{user_id}', 'someone');
      const result = await api<ErrorBody>(route.method, path, route.method === 'GET' ? {} : { body: {} });
      expect(result.status, `${route.method} ${route.path}`).toBe(401);
      expect(result.body.code).toBe('unauthenticated');
    }
    expect(Object.keys(routes)).toEqual(expect.arrayContaining(Object.keys(guildRoutes)));
  });
});

describe('creating and managing a guild', () => {
  it('refuses bad input with field errors and stores nothing', async () => {
    const user = await newUser();
    const cases: Array<[Record<string, unknown>, string]> = [
      [form({ name: '' }), 'name'],
      [form({ name: 'あ'.repeat(21) }), 'name'],
      [form({ name: 'タブ\tあり' }), 'name'],
      [form({ name: '\u200b\u200b\u200b' }), 'name'],
      [form({ name: 'ギルド\u202eドルギ' }), 'name'],
      [form({ comment: 'あ'.repeat(201) }), 'comment'],
      [form({ entry_type: 3 }), 'entry_type'],
      [form({ is_public: 'maybe' }), 'is_public'],
      [form({ image_type: 7 }), 'image_type'],
      [{ name: 'x' }, 'entry_type'],
    ];
    for (const path of ['/api/golf/guild/confirm', '/api/golf/guild/create']) {
      for (const [body, field] of cases) {
        const result = await api<ErrorBody>('POST', path, { token: user.token, body });
        expect(result.status, JSON.stringify(body)).toBe(422);
        expect(result.body.code).toBe('validation_failed');
        expect(result.body.errors?.[field], JSON.stringify(result.body)).toBeDefined();
      }
    }
    expect(await mine(user.token)).toBeNull();
  });

  it('confirms without creating, then creates a guild with one member', async () => {
    const owner = await newUser();
    const confirm = await api('POST', '/api/golf/guild/confirm', {
      token: owner.token,
      body: form({ name: '  確認ギルド  ', is_public: 'false', entry_type: '2' }),
    });
    expect(confirm.status).toBe(200);
    expect(confirm.body).toEqual({
      name: '確認ギルド',
      comment: 'よろしくお願いします',
      entry_type: 2,
      is_public: false,
      image_url: null,
      image_type: 1,
    });
    expect(await mine(owner.token)).toBeNull();

    const guild = await createGuild(owner.token, { name: '作成ギルド' });
    expect(guild).toMatchObject({
      name: '作成ギルド',
      number_of_member: 1,
      image_url: null,
      owner_id: owner.id,
    });
    expect(guild.owner_nickname).toBe('ゲスト');
    const my = await mine(owner.token);
    expect(my).toMatchObject({ guild_id: guild.guild_id, is_member: true, my_role: 'owner' });

    const again = await api<ErrorBody>('POST', '/api/golf/guild/create', {
      token: owner.token,
      body: form(),
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 'already_in_guild',
      message: 'すでに他のギルドに参加しています。',
    });
  });

  it('lets only the owner fetch and update, and never another guild by id', async () => {
    const owner = await newUser();
    const member = await newUser();
    const otherOwner = await newUser();
    const guild = await createGuild(owner.token, { name: '管理ギルド' });
    const other = await createGuild(otherOwner.token, { name: '別のギルド' });
    expect((await join(member.token, guild.guild_id)).status).toBe(200);

    const fetched = await api('GET', `/api/golf/guild/manage/${guild.guild_id}/fetch`, {
      token: owner.token,
    });
    expect(fetched.status).toBe(200);
    expect(guildManageSchema.parse(fetched.body)).toMatchObject({
      name: '管理ギルド',
      entry_type: 1,
      is_public: true,
      image_url: null,
      image_type: 1,
    });

    for (const [token, id] of [
      [member.token, guild.guild_id],
      [owner.token, other.guild_id],
    ] as const) {
      const fetch = await api<ErrorBody>('GET', `/api/golf/guild/manage/${id}/fetch`, { token });
      expect(fetch.status).toBe(403);
      const update = await api<ErrorBody>('POST', `/api/golf/guild/manage/${id}/update`, {
        token,
        body: form({ name: '乗っ取り' }),
      });
      expect(update.status).toBe(403);
      const code = await api<ErrorBody>('POST', `/api/golf/guild/manage/${id}/code`, { token });
      expect(code.status).toBe(403);
    }
    const unchanged = await api('GET', `/api/golf/guild/manage/${other.guild_id}/fetch`, {
      token: otherOwner.token,
    });
    expect(unchanged.body).toMatchObject({ name: '別のギルド' });

    const missing = await api<ErrorBody>('GET', '/api/golf/guild/manage/01NOSUCHGUILD0000000000000/fetch', {
      token: owner.token,
    });
    expect(missing.status).toBe(404);
    const badId = await api<ErrorBody>('GET', '/api/golf/guild/manage/bad.id/fetch', { token: owner.token });
    expect(badId.status).toBe(422);
    expect(badId.body.errors?.['id']).toBeDefined();

    const invalid = await api<ErrorBody>('POST', `/api/golf/guild/manage/${guild.guild_id}/update`, {
      token: owner.token,
      body: form({ name: '' }),
    });
    expect(invalid.status).toBe(422);
    const updated = await api('POST', `/api/golf/guild/manage/${guild.guild_id}/update`, {
      token: owner.token,
      body: form({ name: '改名ギルド', comment: '新しい説明', entry_type: 2, is_public: false }),
    });
    expect(updated.status).toBe(200);
    expect(ownedGuildSchema.parse(updated.body)).toMatchObject({
      name: '改名ギルド',
      comment: '新しい説明',
      entry_type: 2,
      is_public: false,
      number_of_member: 2,
    });
    expect((updated.body as OwnedGuild).join_code).toMatch(/^[0-9A-Z]{8}$/);
  });
});

describe('joining, members and leaving', () => {
  it('joins an open guild, refuses a second guild, lists members with nicknames', async () => {
    const owner = await newUser();
    const member = await newUser();
    const guild = await createGuild(owner.token);
    const other = await createGuild((await newUser()).token);

    const joined = await join(member.token, guild.guild_id);
    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({ guild_id: guild.guild_id, number_of_member: 2 });
    const twice = await join(member.token, guild.guild_id);
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({
      code: 'already_guild_member',
      message: 'すでにこのギルドに参加しています。',
    });
    const second = await join(member.token, other.guild_id);
    expect(second.status).toBe(409);
    expect(second.body.message).toBe('すでに他のギルドに参加しています。');

    const members = await api('GET', `/api/golf/guild/${guild.guild_id}/member`, { token: member.token });
    expect(members.status).toBe(200);
    const list = guildMemberListSchema.parse(members.body);
    expect(list.members.map((m) => [m.user_id, m.role, m.nickname])).toEqual([
      [owner.id, 'owner', 'ゲスト'],
      [member.id, 'member', 'ゲスト'],
    ]);
    expect(list.number_of_member).toBe(2);

    const shown = await api('GET', `/api/golf/guild/${other.guild_id}/show`, { token: member.token });
    expect(guildDetailSchema.parse(shown.body)).toMatchObject({
      is_member: false,
      can_join: false,
      join_code: null,
    });
    const missing = await join(member.token, '01NOSUCHGUILD0000000000000');
    expect(missing.status).toBe(404);
  });

  it('joins a code guild only with its current code', async () => {
    const owner = await newUser();
    const guild = await createGuild(owner.token, { entry_type: 2 });
    const code = guild.join_code!;
    const user = await newUser();

    const open = await join(user.token, guild.guild_id);
    expect(open.status).toBe(403);
    expect(open.body).toMatchObject({ code: 'guild_join_code_required' });
    const malformed = await api<ErrorBody>('POST', '/api/golf/guild/code', {
      token: user.token,
      body: { code: 'x' },
    });
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors?.['code']).toBeDefined();
    const wrong = await api<ErrorBody>('POST', '/api/golf/guild/code', {
      token: user.token,
      body: { code: 'ZZZZZZZZ' },
    });
    expect(wrong.status).toBe(404);

    const regenerated = await api<{ join_code: string }>(
      'POST',
      `/api/golf/guild/manage/${guild.guild_id}/code`,
      {
        token: owner.token,
      },
    );
    expect(regenerated.status).toBe(200);
    expect(regenerated.body.join_code).not.toBe(code);
    const stale = await api('POST', '/api/golf/guild/code', { token: user.token, body: { code } });
    expect(stale.status).toBe(404);
    const ok = await api('POST', '/api/golf/guild/code', {
      token: user.token,
      body: { code: regenerated.body.join_code.toLowerCase() },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ guild_id: guild.guild_id, number_of_member: 2 });
  });

  it('keeps an unlisted guild closed to strangers who know its id, as if it did not exist', async () => {
    const owner = await newUser();
    const guild = await createGuild(owner.token, { entry_type: 1, is_public: false });
    const stranger = await newUser();
    const unknownId = '01ABCDEFGHJKMNPQRSTVWXYZ00';
    const calls: Array<[string, string, unknown?]> = [
      ['POST', '/api/golf/guild/{id}/join'],
      ['GET', '/api/golf/guild/{id}/show'],
      ['GET', '/api/golf/guild/{id}/member'],
      ['GET', '/api/golf/guild/{id}/chat'],
      ['POST', '/api/golf/guild/{id}/chat', { message: 'こんにちは' }],
      ['POST', '/api/golf/guild/{id}/leave'],
      ['GET', '/api/golf/guild/manage/{id}/fetch'],
      ['POST', '/api/golf/guild/manage/{id}/code'],
      ['POST', `/api/golf/guild/{id}/member/${owner.id}/kick`],
    ];
    for (const [method, path, body] of calls) {
      const unlisted = await api<ErrorBody>(method, path.replace('{id}', guild.guild_id), {
        token: stranger.token,
        ...(body ? { body } : {}),
      });
      const unknown = await api<ErrorBody>(method, path.replace('{id}', unknownId), {
        token: stranger.token,
        ...(body ? { body } : {}),
      });
      expect([unlisted.status, unlisted.body], `${method} ${path}`).toEqual([unknown.status, unknown.body]);
      expect(unlisted.status, `${method} ${path}`).toBe(404);
    }
    expect(await mine(stranger.token)).toBeNull();
    const manage = await api<{ join_code: string }>('GET', `/api/golf/guild/manage/${guild.guild_id}/fetch`, {
      token: owner.token,
    });
    const byCode = await api('POST', '/api/golf/guild/code', {
      token: stranger.token,
      body: { code: manage.body.join_code },
    });
    expect(byCode.status).toBe(200);
  });

  it('lets the owner kick a member, and nobody else', async () => {
    const owner = await newUser();
    const a = await newUser();
    const b = await newUser();
    const guild = await createGuild(owner.token);
    await join(a.token, guild.guild_id);
    await join(b.token, guild.guild_id);

    const byMember = await api('POST', `/api/golf/guild/${guild.guild_id}/member/${b.id}/kick`, {
      token: a.token,
    });
    expect(byMember.status).toBe(403);
    const self = await api('POST', `/api/golf/guild/${guild.guild_id}/member/${owner.id}/kick`, {
      token: owner.token,
    });
    expect(self.status).toBe(403);
    const stranger = await api('POST', `/api/golf/guild/${guild.guild_id}/member/nobody-${run}/kick`, {
      token: owner.token,
    });
    expect(stranger.status).toBe(404);
    const kicked = await api('POST', `/api/golf/guild/${guild.guild_id}/member/${b.id}/kick`, {
      token: owner.token,
    });
    expect(kicked.status).toBe(200);
    expect(guildMemberListSchema.parse(kicked.body).members.map((m) => m.user_id)).toEqual([owner.id, a.id]);
    expect((await mine(owner.token))?.number_of_member).toBe(2);
    expect(await mine(b.token)).toBeNull();
    const chat = await api('GET', `/api/golf/guild/${guild.guild_id}/chat`, { token: b.token });
    expect(chat.status).toBe(403);
  });

  it('hands the guild to the longest-standing member when the owner leaves, and closes it when alone', async () => {
    const owner = await newUser();
    const first = await newUser();
    const second = await newUser();
    const guild = await createGuild(owner.token);
    await join(first.token, guild.guild_id);
    await join(second.token, guild.guild_id);

    const notMember = await api('POST', `/api/golf/guild/${guild.guild_id}/leave`, {
      token: (await newUser()).token,
    });
    expect(notMember.status).toBe(403);

    const left = await api('POST', `/api/golf/guild/${guild.guild_id}/leave`, { token: owner.token });
    expect(left.status).toBe(200);
    expect(leaveResultSchema.parse(left.body)).toEqual({
      guild_id: guild.guild_id,
      outcome: 'handed_over',
      new_owner_id: first.id,
    });
    expect(await mine(owner.token)).toBeNull();
    const now = await mine(first.token);
    expect(now).toMatchObject({
      owner_id: first.id,
      my_role: 'owner',
      number_of_member: 2,
      join_code: expect.any(String),
    });
    expect(
      (await api('GET', `/api/golf/guild/manage/${guild.guild_id}/fetch`, { token: first.token })).status,
    ).toBe(200);

    const memberLeft = await api('POST', `/api/golf/guild/${guild.guild_id}/leave`, { token: second.token });
    expect(memberLeft.body).toMatchObject({ outcome: 'left' });
    expect((await mine(first.token))?.number_of_member).toBe(1);

    const closed = await api('POST', `/api/golf/guild/${guild.guild_id}/leave`, { token: first.token });
    expect(closed.body).toMatchObject({ outcome: 'closed', new_owner_id: null });
    const gone = await api('GET', `/api/golf/guild/${guild.guild_id}/show`, { token: first.token });
    expect(gone.status).toBe(404);
    // Everyone is free again.
    expect((await createGuild(owner.token)).number_of_member).toBe(1);
  });
});

describe('searching guilds', () => {
  it('lists public guilds by name with paging, never private ones', async () => {
    const tag = `検索${run}`;
    const publicGuild = await createGuild((await newUser()).token, { name: `${tag}公開` });
    await createGuild((await newUser()).token, { name: `${tag}非公開`, is_public: false });
    const viewer = await newUser();
    const found = await api('GET', `/api/golf/guild/list?name=${encodeURIComponent(tag)}`, {
      token: viewer.token,
    });
    expect(found.status).toBe(200);
    const list = guildListSchema.parse(found.body);
    expect(list.guilds.map((g) => g.guild_id)).toEqual([publicGuild.guild_id]);
    expect(list).toMatchObject({ page: 1, total: 1, has_next: false });

    const all = guildListSchema.parse(
      (await api('GET', '/api/golf/guild/list', { token: viewer.token })).body,
    );
    expect(all.guilds.length).toBe(20);
    expect(all.has_next).toBe(true);
    const page2 = guildListSchema.parse(
      (await api('GET', '/api/golf/guild/list?page=2', { token: viewer.token })).body,
    );
    expect(page2.guilds[0]?.guild_id).not.toBe(all.guilds[0]?.guild_id);
    const bad = await api<ErrorBody>('GET', '/api/golf/guild/list?page=0', { token: viewer.token });
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.['page']).toBeDefined();
  });

  it('has sample guilds, and sample-user-0001 in one of them', async () => {
    const token = await tokenFor('sample-user-0001');
    expect((await mine(token))?.name).toBe('週末ゴルファー会');
    const list = guildListSchema.parse((await api('GET', '/api/golf/guild/list', { token })).body);
    expect(list.total).toBeGreaterThanOrEqual(15);
  });
});

describe('guild chat', () => {
  let owner: { id: string; token: string };
  let member: { id: string; token: string };
  let guildId: string;

  beforeAll(async () => {
    owner = await newUser();
    member = await newUser();
    guildId = (await createGuild(owner.token, { name: 'チャットギルド' })).guild_id;
    await join(member.token, guildId);
  });

  it('is closed to non-members', async () => {
    const outsider = await newUser();
    const read = await api<ErrorBody>('GET', `/api/golf/guild/${guildId}/chat`, { token: outsider.token });
    expect(read.status).toBe(403);
    const post = await api<ErrorBody>('POST', `/api/golf/guild/${guildId}/chat`, {
      token: outsider.token,
      body: { message: 'こんにちは' },
    });
    expect(post.status).toBe(403);
    const empty = await api('GET', `/api/golf/guild/${guildId}/chat`, { token: member.token });
    expect(chatPageSchema.parse(empty.body).messages).toEqual([]);
  });

  it('refuses empty, long and control-character messages', async () => {
    for (const message of ['', '   ', 'あ'.repeat(201), 'bell\u0007']) {
      const result = await api<ErrorBody>('POST', `/api/golf/guild/${guildId}/chat`, {
        token: owner.token,
        body: { message },
      });
      expect(result.status, JSON.stringify(message)).toBe(422);
      expect(result.body.errors?.['message']).toBeDefined();
    }
  });

  it('stores plain text, reads newest first with a cursor, and rate limits', async () => {
    const html = '<script>alert(1)</script> & 改行\nあり';
    const posted = await api<{ message: string; nickname: string }>(
      'POST',
      `/api/golf/guild/${guildId}/chat`,
      {
        token: member.token,
        body: { message: `  ${html}  ` },
      },
    );
    expect(posted.status).toBe(201);
    expect(posted.body).toMatchObject({ message: html, nickname: 'ゲスト' });
    for (let i = 1; i <= 4; i++) {
      const result = await api('POST', `/api/golf/guild/${guildId}/chat`, {
        token: member.token,
        body: { message: `メッセージ${i}` },
      });
      expect(result.status).toBe(201);
    }
    const limited = await api<ErrorBody>('POST', `/api/golf/guild/${guildId}/chat`, {
      token: member.token,
      body: { message: '6通目' },
    });
    // 5 per 10 s window: the 6th may fall into the next window only if the clock crossed it.
    if (limited.status !== 201) {
      expect(limited.status).toBe(429);
      expect(limited.body.code).toBe('rate_limited');
    }

    const first = chatPageSchema.parse(
      (await api('GET', `/api/golf/guild/${guildId}/chat?limit=2`, { token: owner.token })).body,
    );
    expect(first.messages.length).toBe(2);
    expect(first.next_cursor).not.toBeNull();
    const rest = chatPageSchema.parse(
      (
        await api('GET', `/api/golf/guild/${guildId}/chat?limit=50&cursor=${first.next_cursor}`, {
          token: owner.token,
        })
      ).body,
    );
    const texts = [...first.messages, ...rest.messages].map((m) => m.message);
    const expected = ['メッセージ4', 'メッセージ3', 'メッセージ2', 'メッセージ1', html];
    if (limited.status === 201) expected.unshift('6通目');
    expect(texts).toEqual(expected);
    expect(rest.next_cursor).toBeNull();
    const badCursor = await api('GET', `/api/golf/guild/${guildId}/chat?cursor=bm9wZQ`, {
      token: owner.token,
    });
    expect(badCursor.status).toBe(422);
  });

  it('accepts at most 5 posts per 10 s window, even when sent at once', async () => {
    const author = await newUser();
    const id = (await createGuild(author.token)).guild_id;
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        api('POST', `/api/golf/guild/${id}/chat`, { token: author.token, body: { message: `連投${i}` } }),
      ),
    );
    // The burst may straddle two windows: at most 2 x 5 get through.
    const accepted = results.filter((r) => r.status === 201).length;
    expect(accepted).toBeLessThanOrEqual(10);
    const stored = chatPageSchema.parse(
      (await api('GET', `/api/golf/guild/${id}/chat?limit=100`, { token: author.token })).body,
    );
    expect(stored.messages.length).toBe(accepted);
    expect(results.every((r) => r.status === 201 || r.status === 429)).toBe(true);
    const refused = results.find((r) => r.status === 429)!;
    expect(refused.body).toMatchObject({ code: 'rate_limited' });
    expect(refused.headers.get('retry-after')).toBe('10');
  });

  it('names a withdrawn poster 「退会したユーザー」, as the terms and the withdrawal page say', async () => {
    const leaving = await newUser();
    const gid = (await createGuild(leaving.token, { name: '退会チャット' })).guild_id;
    const stays = await newUser();
    await join(stays.token, gid);
    await api('POST', `/api/golf/guild/${gid}/chat`, { token: leaving.token, body: { message: 'またね' } });
    await userRepository.deleteUserData({
      userId: leaving.id,
      email: null,
      socialLogins: [],
      reason: null,
      now: new Date(),
    });
    const page = chatPageSchema.parse(
      (await api('GET', `/api/golf/guild/${gid}/chat`, { token: stays.token })).body,
    );
    expect(page.messages.map((m) => [m.message, m.nickname])).toEqual([['またね', '退会したユーザー']]);
  });
});
