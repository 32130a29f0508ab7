import { describe, expect, it } from 'vitest';
import { scoreRanking } from '@golf/shared/game/personal-ranking';
import { formatGuildAverage, guildAverageScore } from '@golf/shared/game/guild-versus';
import { formatToPar } from '@golf/shared/game/format';
import { rankItems } from '@golf/shared/game/ranking';
import { unpackRows } from '@golf/functions/db/repositories/ranking-pages/ranking-repository';
import { rankEntries } from './board-order';
import { guildBoards, guildIndexAt, guildMemberships } from './guild-boards';
import { roundScope, type RoundScopeInput } from '../snapshot/snapshot-items';

/** A linear congruential generator: the same members on every run. */
function random(seed: number) {
  let state = seed;
  return () => (state = (state * 1103515245 + 12345) >>> 0) / 0x1_0000_0000;
}

/**
 * 1,500 users, 1,200 of them in 60 guilds (and one guild without a name, left out): scores with
 * many ties, users without an entry, withdrawn members, and guilds of under 4 entered members.
 */
function members(seed: number): RoundScopeInput {
  const rnd = random(seed);
  const n = 1_500;
  const userIds = Array.from({ length: n }, (_, i) => `u${String(i).padStart(5, '0')}`);
  const score = Float64Array.from({ length: n }, () =>
    rnd() < 0.1 ? Number.NaN : Math.floor(rnd() * 12) - 6,
  );
  const metrics = [score, ...Array.from({ length: 6 }, () => new Float64Array(n).fill(Number.NaN))];
  const profiles = new Map(userIds.filter(() => rnd() >= 0.05).map((id) => [id, { nickname: `名${id}` }]));
  const guildOf = new Map<string, string>();
  for (let i = 0; i < 1_200; i++) {
    // Guilds 40 and on take one member in 10: some end with fewer than 4 entered.
    const guild = Math.floor(rnd() * 60);
    if (guild < 40 || rnd() < 0.1) guildOf.set(userIds[(i * 7) % n]!, `G${String(guild).padStart(2, '0')}`);
  }
  guildOf.set(userIds[3]!, 'GNONAME');
  const names = new Map(
    [...new Set(guildOf.values())].filter((id) => id !== 'GNONAME').map((id) => [id, `${id}部`]),
  );
  return { snapshotId: 'SNAP', round: 2, userIds, metrics, profiles, guilds: { guildOf, names } };
}

/** The boards as a plain reading of the rules computes them, row by row. */
function expected(input: RoundScopeInput) {
  const score = input.metrics[0]!;
  const byGuild = new Map<string, Array<{ id: string; value: number }>>();
  input.userIds.forEach((id, i) => {
    const guild = input.guilds.guildOf.get(id);
    if (Number.isNaN(score[i]!) || !guild || !input.guilds.names.has(guild)) return;
    byGuild.set(guild, [...(byGuild.get(guild) ?? []), { id, value: score[i]! }]);
  });
  const guildRows = (entries: Array<[string, number]>, display: (value: number) => string) =>
    rankItems(entries, ([, value]) => value, 'lower').map(({ item: [id, value], rank }) => ({
      rank,
      user_id: id,
      guild_id: id,
      nickname: input.guilds.names.get(id),
      value,
      display_value: display(value),
      is_withdrawn: false,
    }));
  return {
    GUILD: guildRows(
      [...byGuild].map(([id, list]) => [id, guildAverageScore(list.map(({ value }) => value))]),
      formatGuildAverage,
    ),
    GUILD_TOP4: guildRows(
      [...byGuild]
        .filter(([, list]) => list.length >= 4)
        .map(([id, list]) => [
          id,
          list
            .map(({ value }) => value)
            .sort((a, b) => a - b)
            .slice(0, 4)
            .reduce((a, b) => a + b, 0),
        ]),
      formatToPar,
    ),
    members: new Map(
      [...byGuild].map(([guild, list]) => [
        guild,
        rankItems(list, ({ value }) => value, 'lower').map(({ item, rank }) => ({
          rank,
          user_id: item.id,
          nickname: input.profiles.get(item.id)?.nickname ?? '退会したユーザー',
          value: item.value,
          display_value: scoreRanking.display(item.value),
          is_withdrawn: !input.profiles.has(item.id),
        })),
      ]),
    ),
  };
}

/** The rows of each stored board of a scope's items, its pages in order (shard copies once). */
async function boards(items: AsyncIterable<Record<string, unknown>>) {
  const rows = new Map<string, ReturnType<typeof unpackRows>>();
  const seen = new Set<string>();
  for await (const item of items) {
    if (item['entity'] !== 'ranking_page') continue;
    const [, , , board] = String(item['PK']).split('#', 4);
    const name = board === 'GM' ? String(item['PK']).split('#').slice(3, 5).join('#') : board!;
    if (seen.has(`${name}/${String(item['SK'])}`)) continue;
    seen.add(`${name}/${String(item['SK'])}`);
    const page = unpackRows(item['rows'] as Uint8Array, scoreRanking.display);
    rows.set(name, [...(rows.get(name) ?? []), ...page]);
  }
  return rows;
}

describe("a round scope's guild boards", () => {
  it.each([3, 17, 41])("rank guilds and each guild's members from the SCORE column (seed %i)", (seed) => {
    const input = members(seed);
    const score = input.metrics[0]!;
    const boards = guildBoards(input.userIds, score, rankEntries(score, 'lower'), input.guilds);
    const want = expected(input);
    expect(boards.GUILD).toEqual(want.GUILD);
    expect(boards.GUILD_TOP4).toEqual(want.GUILD_TOP4);
    const { order, rankAt, starts } = boards.members;
    const ranked = (g: number) =>
      Array.from({ length: starts[g + 1]! - starts[g]! }, (_, k) => ({
        user_id: input.userIds[order[starts[g]! + k]!],
        rank: rankAt[starts[g]! + k],
      }));
    expect(new Map(boards.ids.map((guild, g) => [guild, ranked(g)]))).toEqual(
      new Map(
        [...want.members].map(([guild, rows]) => [
          guild,
          rows.map(({ user_id, rank }) => ({ user_id, rank })),
        ]),
      ),
    );
  });

  it.each([3, 17, 41])("rank guilds and each guild's members as the rules read (seed %i)", async (seed) => {
    const input = members(seed);
    const scope = roundScope(input);
    const stored = await boards(scope.items());
    const want = expected(input);
    expect(stored.get('GUILD')).toEqual(want.GUILD);
    expect(stored.get('GUILD_TOP4')).toEqual(want.GUILD_TOP4);
    expect(scope.boards).toEqual({ GUILD: want.GUILD.length, GUILD_TOP4: want.GUILD_TOP4.length });
    const memberBoards = [...stored.keys()].filter((name) => name.startsWith('GM#'));
    expect(memberBoards.sort()).toEqual([...want.members.keys()].map((id) => `GM#${id}`).sort());
    for (const [guild, rows] of want.members) expect(stored.get(`GM#${guild}`)).toEqual(rows);
    // Some guilds are too small for the best-4 board, and a member's withdrawal shows on its page.
    expect(want.GUILD_TOP4.length).toBeLessThan(want.GUILD.length);
    expect([...want.members.values()].flat().some((row) => row.is_withdrawn)).toBe(true);
  });
});

describe("the guilds' names on the boards", () => {
  it('names an unlisted guild 非公開ギルド and leaves out a guild no longer stored', () => {
    const open = (guildId: string) => [{ guild_id: guildId, joined_at: null, left_at: null }];
    const periodsOf = new Map([
      ['u1', open('G1')],
      ['u2', open('G2')],
      ['u3', open('GONE')],
    ]);
    const memberships = guildMemberships(periodsOf, [
      { guild_id: 'G1', name: '朝練部', is_public: true },
      { guild_id: 'G2', name: '内輪の会', is_public: false },
    ]);
    expect(memberships.periodsOf).toBe(periodsOf);
    expect(Object.fromEntries(memberships.names)).toEqual({ G1: '朝練部', G2: '非公開ギルド' });
  });
});

describe("a round scope's guilds: the members at the round's deadline", () => {
  const deadlines = ['2026-07-02T06:30:00+09:00', '2026-07-03T06:30:00+09:00'];
  const memberships = guildMemberships(
    new Map([
      // Joined before round 1's deadline, still a member.
      ['stayer', [{ guild_id: 'G1', joined_at: '2026-07-01T00:00:00Z', left_at: null }]],
      // Joined between the two deadlines: round 2 only.
      ['newcomer', [{ guild_id: 'G1', joined_at: '2026-07-02T12:00:00Z', left_at: null }]],
      // Left G1 between the deadlines and joined G2: G1 in round 1, G2 in round 2.
      [
        'mover',
        [
          { guild_id: 'G1', joined_at: '2026-06-01T00:00:00Z', left_at: '2026-07-02T03:00:00Z' },
          { guild_id: 'G2', joined_at: '2026-07-02T04:00:00Z', left_at: null },
        ],
      ],
      // Left before round 1's deadline: in no guild's rounds.
      ['gone', [{ guild_id: 'G1', joined_at: '2026-06-01T00:00:00Z', left_at: '2026-07-01T00:00:00Z' }]],
    ]),
    [
      { guild_id: 'G1', name: '朝練部', is_public: true },
      { guild_id: 'G2', name: '夜練部', is_public: true },
    ],
  );

  it('counts each user for the guild he was in at each deadline, whoever joined or left since', () => {
    const [round1, round2] = deadlines.map((deadline) => guildIndexAt(memberships, deadline));
    expect(Object.fromEntries(round1!.guildOf)).toEqual({ stayer: 'G1', mover: 'G1' });
    expect(Object.fromEntries(round2!.guildOf)).toEqual({ stayer: 'G1', newcomer: 'G1', mover: 'G2' });
    expect(round1!.names).toBe(memberships.names);
  });

  it("keeps a settled round's guild board as it was when a member joins after its deadline", () => {
    const input = members(11);
    const userIds = [...input.userIds, 'late'];
    const scores = Float64Array.from([...input.metrics[0]!, 40]);
    const periodsOf = new Map(
      [...input.guilds.guildOf].map(([user, guild]) => [
        user,
        [{ guild_id: guild, joined_at: '2026-07-01T00:00:00Z', left_at: null }],
      ]),
    );
    const boardAt = (joins: typeof periodsOf) => {
      const guilds = guildIndexAt({ periodsOf: joins, names: input.guilds.names }, deadlines[0]!);
      return guildBoards(userIds, scores, rankEntries(scores, 'lower'), guilds);
    };
    const before = boardAt(periodsOf);
    const joined = new Map(periodsOf);
    joined.set('late', [{ guild_id: 'G00', joined_at: '2026-07-02T12:00:00Z', left_at: null }]);
    expect(boardAt(joined)).toEqual(before);
    joined.set('late', [{ guild_id: 'G00', joined_at: '2026-07-01T12:00:00Z', left_at: null }]);
    expect(boardAt(joined).GUILD).not.toEqual(before.GUILD);
  });
});
