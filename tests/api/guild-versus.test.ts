/**
 * Guild vs guild: a guild's average for a round against the guilds ranked just above and below it,
 * from the published guild ranking; and the game's posts in guild chats (a member's team saved, a
 * round's final results), each written once, never readable outside the guild.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  chatPageSchema,
  guildVersusSchema,
  ownedGuildSchema,
  type ChatMessage,
} from '../../shared/src/schemas/guild';
import { rankingPageResponseSchema } from '../../shared/src/schemas/ranking';
import { rankingRepository } from '../../functions/src/db/repositories/ranking-pages/ranking-repository';
import { tournamentRepository } from '../../functions/src/db/repositories/tournament-repository';
import { postRoundResults } from '../../functions/src/domain/guild/guild-posts';
import { api, tokenFor } from './support/api';
import { gameFixture, team, writeFixture } from './support/game-fixtures';
import { joinedAt } from './support/guilds';
import { publishRankingsNow } from './support/rankings';

const fixture = gameFixture('test-guild-versus');
const gid = fixture.id;
const ids = fixture.playerIds as string[];

/**
 * Round 1 every member picks players 1-4 (-10); round 2 a window of 4 from player k + 1, so the
 * tournament score after round 2 is -4k. Averages after round 2: C -16, B -8, D -4, A -2.
 */
const members = { a1: 0, a2: 1, b1: 2, c1: 3, c2: 5, d1: 1 } as const;
type Member = keyof typeof members;
const userId = (member: Member) => `gvs-${member}`;
const tokens = {} as Record<Member | 'outsider' | 'ops', string>;
const guilds = {} as Record<'A' | 'B' | 'C' | 'D', string>;

const publish = async () => {
  await api('POST', '/api/golf/ops/rankings/recompute', { token: tokens.ops, body: { game_global_id: gid } });
  await publishRankingsNow(gid);
};

const versus = (guild: string, token: string, query = 'round=2') =>
  api('GET', `/api/golf/guild/${guild}/versus?game_global_id=${gid}&${query}`, { token });

const chat = async (guild: string, token: string): Promise<ChatMessage[]> => {
  const result = await api('GET', `/api/golf/guild/${guild}/chat?limit=100`, { token });
  expect(result.status).toBe(200);
  return chatPageSchema.parse(result.body).messages;
};
const gamePosts = async (guild: string, token: string) =>
  (await chat(guild, token)).filter((message) => message.author === 'game');

async function createGuild(owner: Member, name: string, listed: boolean) {
  const created = await api('POST', '/api/golf/guild/create', {
    token: tokens[owner],
    body: { name, comment: '', entry_type: listed ? 1 : 2, is_public: listed },
  });
  expect(created.status).toBe(200);
  return ownedGuildSchema.parse(created.body);
}

beforeAll(async () => {
  for (const member of Object.keys(members) as Member[]) tokens[member] = await tokenFor(userId(member));
  tokens.outsider = await tokenFor('gvs-outsider');
  tokens.ops = await tokenFor('gvs-ops', ['operators']);
  await writeFixture(
    fixture,
    (Object.entries(members) as Array<[Member, number]>).flatMap(([member, k]) => [
      team(gid, 1, userId(member), ids.slice(0, 4)),
      team(gid, 2, userId(member), ids.slice(k, k + 4)),
    ]),
  );
  guilds.A = (await createGuild('a1', 'VSギルドA', true)).guild_id;
  guilds.B = (await createGuild('b1', 'VSギルドB', true)).guild_id;
  guilds.C = (await createGuild('c1', 'VSギルドC', true)).guild_id;
  const unlisted = await createGuild('d1', 'VSギルドD', false);
  guilds.D = unlisted.guild_id;
  expect((await api('POST', `/api/golf/guild/${guilds.A}/join`, { token: tokens.a2 })).status).toBe(200);
  expect((await api('POST', `/api/golf/guild/${guilds.C}/join`, { token: tokens.c2 })).status).toBe(200);
  // Members since before round 1's deadline: a round counts the members at its deadline.
  const before = new Date(Date.parse(fixture.record.rounds[0]!.deadline_at) - 86_400_000);
  for (const guild of Object.values(guilds)) await joinedAt(guild, before);
  await publish();
}, 60_000);

describe('guild vs guild', () => {
  it('shows the guild against the guilds ranked just above and below it, as the guild ranking has them', async () => {
    const board = rankingPageResponseSchema.parse(
      (await api('GET', `/api/golf/ranking/guild?round=2&game_global_id=${gid}`)).body,
    );
    expect(board.rankings.map((row) => [row.nickname, row.display_value, row.rank])).toEqual([
      ['VSギルドC', '-16.0', 1],
      ['VSギルドB', '-8.0', 2],
      ['非公開ギルド', '-4.0', 3],
      ['VSギルドA', '-2.0', 4],
    ]);
    const middle = guildVersusSchema.parse((await versus(guilds.B, tokens.b1)).body);
    expect(middle).toMatchObject({
      round: 2,
      guild_count: 4,
      is_provisional: false,
      guild: { guild_id: guilds.B, name: 'VSギルドB', rank: 2, value: -8, display_value: '-8.0' },
      above: {
        guild_id: guilds.C,
        name: 'VSギルドC',
        rank: 1,
        display_value: '-16.0',
        gap: 8,
        gap_display: '8.0',
      },
      below: {
        guild_id: guilds.D,
        name: '非公開ギルド',
        rank: 3,
        display_value: '-4.0',
        gap: 4,
        gap_display: '4.0',
      },
    });
    expect(middle.snapshot_id).toBe(board.snapshot_id);
    const top = guildVersusSchema.parse((await versus(guilds.C, tokens.outsider)).body);
    expect(top.above).toBeNull();
    expect(top.below?.guild_id).toBe(guilds.B);
    const last = guildVersusSchema.parse((await versus(guilds.A, tokens.a2)).body);
    expect(last).toMatchObject({ guild: { rank: 4 }, above: { guild_id: guilds.D, gap: 2 }, below: null });
  });

  it('finding 8: an unlisted guild is ranked without its name on the public boards and in versus; its members see it named', async () => {
    for (const board of ['guild', 'guild_top4']) {
      const page = await api('GET', `/api/golf/ranking/${board}?round=2&game_global_id=${gid}`);
      expect(JSON.stringify(page.body), board).not.toContain('VSギルドD');
    }
    const neighbour = guildVersusSchema.parse((await versus(guilds.A, tokens.outsider)).body);
    expect(neighbour.above).toMatchObject({ guild_id: guilds.D, name: '非公開ギルド' });
    const own = guildVersusSchema.parse((await versus(guilds.D, tokens.d1)).body);
    expect(own.guild).toMatchObject({ guild_id: guilds.D, name: 'VSギルドD', rank: 3 });
  });

  it('leaves tied guilds out: after round 1 every guild shares rank 1 and has no neighbour', async () => {
    const round1 = guildVersusSchema.parse((await versus(guilds.B, tokens.b1, 'round=1')).body);
    expect(round1).toMatchObject({ guild: { rank: 1, display_value: '-10.0' }, above: null, below: null });
    expect(round1.guild_count).toBe(4);
  });

  it('answers an empty view for a guild without entered members, and for a round not yet ranked', async () => {
    const created = await api('POST', '/api/golf/guild/create', {
      token: tokens.outsider,
      body: { name: 'VSギルドE', comment: '', entry_type: 1, is_public: true },
    });
    const empty = ownedGuildSchema.parse(created.body);
    const view = guildVersusSchema.parse((await versus(empty.guild_id, tokens.outsider)).body);
    expect(view).toMatchObject({ guild: null, above: null, below: null, guild_count: 4 });
    const notYet = guildVersusSchema.parse((await versus(guilds.B, tokens.b1, 'round=4')).body);
    expect(notYet).toMatchObject({ round: 4, guild: null, guild_count: 0 });
  });

  it('shows an unlisted guild to its members only, and refuses bad input with field errors', async () => {
    expect((await versus(guilds.D, tokens.d1)).status).toBe(200);
    expect((await versus(guilds.D, tokens.outsider)).status).toBe(404);
    expect((await api('GET', `/api/golf/guild/${guilds.B}/versus`)).status).toBe(401);
    const bad = await api<{ errors?: Record<string, string[]> }>(
      'GET',
      `/api/golf/guild/${guilds.B}/versus?round=9`,
      { token: tokens.b1 },
    );
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.['round']).toBeTruthy();
  });
});

describe("the game's posts in guild chats", () => {
  it('tells each guild its final results once per round, marked as the game’s, with the rank’s move', async () => {
    const posts = await gamePosts(guilds.B, tokens.b1);
    expect(posts.map((post) => post.game_post)).toEqual([
      { kind: 'round_result', round: 2 },
      { kind: 'round_result', round: 1 },
    ]);
    for (const post of posts) expect(post).toMatchObject({ user_id: null, nickname: 'ゲームからのお知らせ' });
    expect(posts[0]!.message).toBe(
      '第2ラウンドの結果が確定しました。ギルドの平均スコアは -8.0 です。\n' +
        'ギルドランキングは 4ギルド中 2位 になりました（前のラウンドの1位から1つ下がりました）。',
    );
    expect(posts[1]!.message).toContain('4ギルド中 1位');
    // An unlisted guild's posts stay inside it like any chat post.
    expect((await gamePosts(guilds.D, tokens.d1)).length).toBe(2);
    expect((await api('GET', `/api/golf/guild/${guilds.D}/chat`, { token: tokens.outsider })).status).toBe(
      404,
    );
    expect((await api('GET', `/api/golf/guild/${guilds.B}/chat`, { token: tokens.outsider })).status).toBe(
      403,
    );
  });

  it('posts nothing twice when the same results are published again', async () => {
    await publish();
    const pointer = (await rankingRepository.getPointer(gid))!;
    expect(await postRoundResults(gid, pointer.snapshot_id, new Date())).toBe(0);
    for (const guild of ['A', 'B', 'C'] as const) {
      const owner = tokens[guild === 'A' ? 'a1' : guild === 'B' ? 'b1' : 'c1'];
      expect((await gamePosts(guilds[guild], owner)).length).toBe(2);
    }
  });

  it('tells a guild again when a correction changes its average or rank', async () => {
    // Player 8 of the field is in c2's round-2 team only: 40 strokes more for him, 40 more for c2.
    const entry = fixture.field[7]!;
    const rounds = [...entry.rounds] as typeof entry.rounds;
    const played = rounds[1]!;
    rounds[1] = { ...played, strokes: played.strokes! + 40, to_par: played.to_par! + 40 };
    await tournamentRepository.writeFieldEntries([{ ...entry, rounds }]);
    await publish();
    const posts = await gamePosts(guilds.C, tokens.c1);
    expect(posts.length).toBe(3);
    expect(posts[0]!.message).toBe(
      '第2ラウンドの結果が修正されました。ギルドの平均スコアは +4.0 です。\n' +
        'ギルドランキングは 4ギルド中 4位 になりました（前のラウンドの1位から3つ下がりました）。',
    );
    const view = guildVersusSchema.parse((await versus(guilds.C, tokens.c1)).body);
    expect(view).toMatchObject({ guild: { rank: 4, value: 4 }, above: { guild_id: guilds.A }, below: null });
    await publish();
    expect((await gamePosts(guilds.C, tokens.c1)).length).toBe(3);
  });

  it('tells the guild when a member first saves a team for a round, and once more when it changes', async () => {
    const save = (playerIds: string[]) =>
      api('PUT', '/api/golf/round/3/team', {
        token: tokens.a2,
        body: { game_global_id: gid, player_ids: playerIds },
      });
    const teamPosts = async () =>
      (await gamePosts(guilds.A, tokens.a1)).filter((post) => post.game_post?.kind !== 'round_result');
    // Refused saves post nothing: a player out of the field, a round past its deadline.
    expect((await save([ids[0]!, ids[1]!, ids[2]!, ids[10]!])).status).toBe(422);
    const late = await api('PUT', '/api/golf/round/2/team', {
      token: tokens.a2,
      body: { game_global_id: gid, player_ids: ids.slice(0, 4) },
    });
    expect(late.status).toBe(409);
    expect(await teamPosts()).toEqual([]);

    expect((await save(ids.slice(0, 4))).status).toBe(200);
    const first = await teamPosts();
    expect(first.map((post) => post.game_post)).toEqual([{ kind: 'team_entered', round: 3 }]);
    expect(first[0]!.message).toMatch(/^.+さんが第3ラウンドのチームを登録しました。$/);
    expect(first[0]!.user_id).toBeNull();
    expect(first[0]!.message).not.toContain(fixture.field[0]!.name);
    // The same line-up again stores nothing and posts nothing; a change posts once, then never again.
    expect((await save(ids.slice(0, 4))).status).toBe(200);
    expect((await teamPosts()).length).toBe(1);
    expect((await save(ids.slice(1, 5))).status).toBe(200);
    expect((await save(ids.slice(2, 6))).status).toBe(200);
    expect((await save(ids.slice(3, 7))).status).toBe(200);
    const after = await teamPosts();
    expect(after.map((post) => post.game_post)).toEqual([
      { kind: 'team_changed', round: 3 },
      { kind: 'team_entered', round: 3 },
    ]);
    expect(after[0]!.message).toMatch(/さんが第3ラウンドのチームを変更しました。$/);
    // Game posts count towards no member's chat limit: the member still posts 5 messages at once.
    for (let i = 0; i < 5; i++)
      expect(
        (
          await api('POST', `/api/golf/guild/${guilds.A}/chat`, {
            token: tokens.a2,
            body: { message: `やあ ${i}` },
          })
        ).status,
      ).toBe(201);
  });

  it('tells the guild when a member completes a team slot by slot, as a whole-team save does', async () => {
    const posts = async () =>
      (await gamePosts(guilds.C, tokens.c1)).filter((post) => post.game_post?.kind !== 'round_result');
    for (const [i, playerId] of ids.slice(0, 4).entries()) {
      const saved = await api('PUT', `/api/golf/round/3/draft/${i + 1}`, {
        token: tokens.c2,
        body: { game_global_id: gid, player_id: playerId },
      });
      expect(saved.status).toBe(200);
    }
    expect((await posts()).map((post) => post.game_post)).toEqual([{ kind: 'team_entered', round: 3 }]);
  });
});
