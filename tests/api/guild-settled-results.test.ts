/**
 * A round's guild results count the members at its deadline (docs/game-rules.md, ギルドランキング):
 * once settled, they stay as they are whoever joins or leaves a guild later, and no guild is told
 * 「結果が修正されました」 for it. Lived through on a stack of the file's own with its game clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stack } from '../../scripts/local-stack/stack';
import { chatPageSchema, ownedGuildSchema } from '../../shared/src/schemas/guild';
import { rankingPageResponseSchema } from '../../shared/src/schemas/ranking';
import { moveClockTo, resetClock } from './support/clock';
import { openFixture } from './support/game-fixtures';
import { callerOf, publishTournament, registerPlayer, startOwnStack } from './support/own-stack';
import { publishRankingsNow } from './support/rankings';

const hour = 3600_000;
const day = 24 * hour;
const firstDeadline = Date.parse('2026-09-03T06:30:00+09:00');
const deadlineOf = (round: number) => firstDeadline + (round - 1) * day;

const { id: gid, record, field, profiles, playerIds } = openFixture('guild-settled', 2026, deadlineOf);
/** Player n (1-based) finishes every round n - 5 to par: p1 -4 ... p12 +7, so the penalty is +8. */
const p = (...numbers: number[]) => numbers.map((n) => playerIds[n - 1]!);

/**
 * Round 1 (and round 2 alike): A -10 and -9, average -9.5; C -2; B +6, -6, +10, average +3.3. A
 * newcomer without a team in a round counts 4 x +8 = +32 there: in A he would make it +4.3, last.
 */
const teams: Record<string, string[]> = {
  'gs-a1': p(1, 2, 3, 4),
  'gs-a2': p(1, 2, 3, 5),
  'gs-b1': p(5, 6, 7, 8),
  'gs-b2': p(2, 3, 4, 5),
  'gs-b3': p(6, 7, 8, 9),
  'gs-c1': p(3, 4, 5, 6),
};
const guilds = {} as Record<'A' | 'B' | 'C', string>;

let stack: Stack;
let call: ReturnType<typeof callerOf>;

const ok = async <T>(pending: Promise<{ status: number; body: T }>) => {
  const result = await pending;
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body;
};
const ops = (path: string, body: unknown) => ok(call('POST', path, 'gs-operator', body, true));
const save = (user: string, round: number, players: string[]) =>
  ok(call('PUT', `/api/golf/round/${round}/team`, user, { game_global_id: gid, player_ids: players }));

/** Round `round`'s results, every player finished, and the round marked final. */
async function finalResults(round: number) {
  const results = playerIds.map((player_id, i) => ({
    round,
    player_id,
    strokes: 72 + i - 4,
    to_par: i - 4,
    thru: 18,
    status: 'active',
  }));
  await ops('/api/golf/ops/results', {
    format: 'json',
    content: JSON.stringify({ game_global_id: gid, results }),
  });
  await ops('/api/golf/ops/round/final', { game_global_id: gid, round });
}

async function publish() {
  await ops('/api/golf/ops/rankings/recompute', { game_global_id: gid });
  await publishRankingsNow(gid, stack.url);
}

/** A round's guild ranking as the public board shows it: name, average, rank. */
async function guildBoard(round: number) {
  const page = await ok(call('GET', `/api/golf/ranking/guild?round=${round}&game_global_id=${gid}`, 'gs-a1'));
  return rankingPageResponseSchema
    .parse(page)
    .rankings.map((row) => [row.nickname, row.display_value, row.rank] as const);
}

/** The game's result posts in a guild's chat, oldest first, as a member reads them. */
async function resultPosts(guild: string, member: string) {
  const page = chatPageSchema.parse(await ok(call('GET', `/api/golf/guild/${guild}/chat?limit=100`, member)));
  return page.messages
    .filter((message) => message.game_post?.kind === 'round_result')
    .map((message) => message.message)
    .reverse();
}

/** A guild's members on its member board of a round, as one of them reads it. */
async function memberBoard(round: number, member: string) {
  const page = await ok(
    call('GET', `/api/golf/ranking/guild_member?round=${round}&game_global_id=${gid}`, member),
  );
  return rankingPageResponseSchema.parse(page).rankings.map((row) => row.nickname);
}

let settled: {
  round1: Awaited<ReturnType<typeof guildBoard>>;
  round2: Awaited<ReturnType<typeof guildBoard>>;
};

beforeAll(async () => {
  const own = await startOwnStack('guild-settled', {
    seed: false,
    clock: new Date(deadlineOf(1) - 2 * hour),
  });
  stack = own.stack;
  call = callerOf(own);
  await publishTournament({ record, field, profiles });
  for (const user of [...Object.keys(teams), 'gs-newcomer'])
    await registerPlayer(user, { copyNextRound: false });
  for (const [name, owner] of [
    ['A', 'gs-a1'],
    ['B', 'gs-b1'],
    ['C', 'gs-c1'],
  ] as const) {
    const created = await ok(
      call('POST', '/api/golf/guild/create', owner, {
        name: `確定ギルド${name}`,
        comment: '',
        entry_type: 1,
        is_public: true,
      }),
    );
    guilds[name] = ownedGuildSchema.parse(created).guild_id;
  }
  for (const [user, guild] of [
    ['gs-a2', guilds.A],
    ['gs-b2', guilds.B],
    ['gs-b3', guilds.B],
  ] as const)
    await ok(call('POST', `/api/golf/guild/${guild}/join`, user));

  // Rounds 1 and 2: every member saves a team, the deadline passes, the results are final and published.
  for (const round of [1, 2]) {
    for (const [user, players] of Object.entries(teams)) await save(user, round, players);
    await moveClockTo(new Date(deadlineOf(round) + hour));
    await finalResults(round);
    await publish();
  }
  settled = { round1: await guildBoard(1), round2: await guildBoard(2) };
}, 180_000);

afterAll(async () => {
  await stack?.stop();
  resetClock();
});

describe("a settled round's guild results", () => {
  it('settles rounds 1 and 2 with the members at their deadlines, and tells each guild once', async () => {
    expect(settled.round1).toEqual([
      ['確定ギルドA', '-9.5', 1],
      ['確定ギルドC', '-2.0', 2],
      ['確定ギルドB', '+3.3', 3],
    ]);
    expect(settled.round2).toEqual([
      ['確定ギルドA', '-19.0', 1],
      ['確定ギルドC', '-4.0', 2],
      ['確定ギルドB', '+6.7', 3],
    ]);
    expect(await resultPosts(guilds.A, 'gs-a1')).toEqual([
      '第1ラウンドの結果が確定しました。ギルドの平均スコアは -9.5 です。\n' +
        'ギルドランキングは 3ギルド中 1位 になりました。',
      '第2ラウンドの結果が確定しました。ギルドの平均スコアは -19.0 です。\n' +
        'ギルドランキングは 3ギルド中 1位 になりました（前のラウンドと同じ順位）。',
    ]);
  });

  it("a member who joins after a round's deadline does not change that round's settled guild result", async () => {
    // Round 3 is open: the newcomer joins A, and saves a team for round 4 only.
    await moveClockTo(new Date(deadlineOf(2) + 3 * hour));
    await ok(call('POST', `/api/golf/guild/${guilds.A}/join`, 'gs-newcomer'));
    await moveClockTo(new Date(deadlineOf(3) + hour));
    await save('gs-newcomer', 4, p(1, 2, 3, 4));
    await moveClockTo(new Date(deadlineOf(4) + hour));
    await publish();

    expect(await guildBoard(1)).toEqual(settled.round1);
    expect(await guildBoard(2)).toEqual(settled.round2);
    for (const [guild, member] of [
      [guilds.A, 'gs-a1'],
      [guilds.B, 'gs-b1'],
      [guilds.C, 'gs-c1'],
    ] as const)
      expect((await resultPosts(guild, member)).join('\n')).not.toContain('修正されました');
    // He counts from round 3 on, the first deadline he was a member at.
    expect(await memberBoard(2, 'gs-newcomer')).not.toContain('gs-newcomer');
    expect(await memberBoard(4, 'gs-newcomer')).toContain('gs-newcomer');
  });

  it("a member who leaves after a round's deadline still counts for that round's settled guild result", async () => {
    await ok(call('POST', `/api/golf/guild/${guilds.B}/leave`, 'gs-b2'));
    // Days later (past the time a published round is kept as it was), the rankings are published again.
    await moveClockTo(new Date(deadlineOf(4) + 4 * day));
    await publish();

    expect(await guildBoard(1)).toEqual(settled.round1);
    expect(await guildBoard(2)).toEqual(settled.round2);
    expect((await resultPosts(guilds.B, 'gs-b1')).join('\n')).not.toContain('修正されました');
    expect(await memberBoard(1, 'gs-b1')).toContain('gs-b2');
  });
});
