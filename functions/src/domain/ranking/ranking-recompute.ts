/**
 * The recompute side of the personal rankings (DESIGN.md sections 3 and 4): reads the stored team
 * round scores, ranks every user in all 7 types for each round played so far (standings after that
 * round), writes the pages, board indexes and value buckets of a new snapshot, then switches the
 * pointer. Round scopes whose inputs did not change are kept from the served snapshot.
 */
import { monotonicFactory } from 'ulid';
import { isBeforeDeadline } from '@golf/shared/game/lock';
import {
  scoreMetric,
  personalMetric,
  personalRankingTypes,
  personalRankingDisplay,
  type PersonalRankingType,
  type UserRoundRecord,
} from '@golf/shared/game/personal-ranking';
import { competitionRanking, isTopTenPercent } from '@golf/shared/game/ranking';
import { formatToPar } from '@golf/shared/game/format';
import { formatGuildAverage, guildAverageScore } from '@golf/shared/game/guild-versus';
import { tournamentYearlyPoints } from '@golf/shared/game/yearly-points';
import { guildRepository } from '../../db/repositories/guild-repository';
import {
  personalBoard,
  rankingIndexItem,
  rankingPageItems,
  type RankingPointer,
  rankingRepository,
  rankingValuesItem,
  type StoredRankingRow,
} from '../../db/repositories/ranking-repository';
import type { TeamScoreRecord } from '../game/team-scoring';
import { tournamentRepository } from '../../db/repositories/tournament-repository';
import { batchGetAll } from '../../db/batch-get';
import { keys } from '../../db/keys';
import { notFound } from '../../lib/errors';
import { buildSnapshotTables, SNAPSHOT_PAGE_SIZE } from './build-snapshot';
import { addQuizBoards } from './quiz-ranking';
import { boardIndex, bucketCount, bucketMembers } from './rank-index';
import { indexTournamentRound, teamScoreRecord } from '../game/team-scoring';
import { roundTeams, thawTeams } from './frozen-teams';
import {
  encodeUsers,
  type EncodedUsers,
  packIndexedPage,
  packIndexedValues,
} from '../../db/repositories/page-codec';
import { digest, isFinished, isReusable, resolveGame, YEARLY_SCOPE } from './ranking-scope';
import { tournamentHistory, writeSeasonHistories, type TournamentHistory } from './season-history';

/**
 * Every user's rounds in play order, scored from the rounds' teams and the field's results; no-team
 * rounds at 4 x the penalty.
 */
async function userRounds(gameGlobalId: string, now: Date) {
  const record = await tournamentRepository.get(gameGlobalId);
  if (!record) throw notFound(`大会 ${gameGlobalId} は登録されていません。`);
  const field = await tournamentRepository.field(gameGlobalId);
  const started = record.rounds.filter((round) => !isBeforeDeadline(now.toISOString(), round.deadline_at));
  const rounds = await Promise.all(
    started.map(async (stored) => {
      const indexed = indexTournamentRound(record, field, stored.round, now);
      // The same scores the operator calls store, from the round's teams (read once it is frozen).
      const scores = new Map<string, TeamScoreRecord>();
      for (const team of thawTeams(await roundTeams(record, stored.round, now)))
        scores.set(team.user_id, teamScoreRecord(team, indexed));
      return { stored, indexed, scores };
    }),
  );
  const userIds = [...new Set(rounds.flatMap(({ scores }) => [...scores.keys()]))].sort();
  const byUser = new Map<string, UserRoundRecord[]>(userIds.map((id) => [id, []]));
  for (const { stored, indexed, scores } of rounds) {
    const records = userIds.map((userId): UserRoundRecord => {
      if (stored.cancelled)
        return { state: 'cancelled', has_team: false, team_score: 0, top_ten_percent: false, picks: [] };
      const score = scores.get(userId);
      if (!score) {
        return indexed.penalty === null
          ? { state: 'pending', has_team: false, team_score: 0, top_ten_percent: false, picks: [] }
          : {
              state: 'scored',
              has_team: false,
              team_score: 4 * indexed.penalty,
              top_ten_percent: false,
              picks: [],
            };
      }
      if (score.kind !== 'scored' || score.score === null)
        return {
          state: 'pending',
          has_team: true,
          team_score: 0,
          top_ten_percent: false,
          picks: score.picks ?? [],
        };
      return {
        state: 'scored',
        has_team: true,
        team_score: score.score,
        top_ten_percent: false,
        picks: score.picks ?? [],
      };
    });
    // Top 10% of this round: among the users scored in it.
    const scored = records.map((r, i) => [r, i] as const).filter(([r]) => r.state === 'scored');
    const ranking = competitionRanking(Float64Array.from(scored.map(([r]) => r.team_score)), 'lower');
    for (let p = 0; p < ranking.order.length; p++) {
      const [roundRecord] = scored[ranking.order[p]!]!;
      roundRecord.top_ten_percent = isTopTenPercent(ranking.rankAt[p]!, scored.length);
    }
    records.forEach((r, i) => byUser.get(userIds[i]!)!.push(r));
  }
  return { record, started: started.map((r) => r.round), rounds, userIds, byUser };
}

/** Each ranked user's guild id, and each guild's name. */
export interface GuildIndex {
  guildOf: ReadonlyMap<string, string>;
  names: ReadonlyMap<string, string>;
}

/** Each ranked user's guild and each guild's name, read in batches. */
async function guildsOf(userIds: readonly string[]): Promise<GuildIndex> {
  const memberships = await batchGetAll(userIds.map((id) => keys.guildMembership(id)));
  const guildOf = new Map(
    memberships.map((item) => [String(item['PK']).slice('USER#'.length), String(item['guild_id'])]),
  );
  const guildItems = await batchGetAll([...new Set(guildOf.values())].map((id) => keys.guild(id)));
  const names = new Map(guildItems.map((item) => [String(item['guild_id']), String(item['name'])]));
  return { guildOf, names };
}

/**
 * The guild boards of one round scope from the members' SCORE: `GUILD` ranks guilds by the average
 * of the members who entered, `GUILD_TOP4` by the sum of their best 4 (guilds with 4 entered members
 * or more), `GM#{id}` ranks one guild's members among themselves. Lower is better on all.
 */
function guildBoards(
  userIds: readonly string[],
  /** scores[i]: user i's SCORE (NaN = not entered). */
  scores: Float64Array,
  guilds: GuildIndex,
  rowOf: (userId: string, rank: number, value: number) => StoredRankingRow,
) {
  const members = new Map<string, Array<[string, number]>>();
  for (let i = 0; i < userIds.length; i++) {
    if (Number.isNaN(scores[i]!)) continue;
    const userId = userIds[i]!;
    const guildId = guilds.guildOf.get(userId);
    if (!guildId || !guilds.names.has(guildId)) continue;
    const list = members.get(guildId);
    if (list) list.push([userId, scores[i]!]);
    else members.set(guildId, [[userId, scores[i]!]]);
  }
  const rank = (entries: Array<[string, number]>) => {
    const ranking = competitionRanking(Float64Array.from(entries.map(([, value]) => value)), 'lower');
    return Array.from(ranking.order, (index, p) => ({ entry: entries[index]!, rank: ranking.rankAt[p]! }));
  };
  const guildRow = (
    guildId: string,
    rankValue: number,
    value: number,
    display: string,
  ): StoredRankingRow => ({
    rank: rankValue,
    user_id: guildId,
    guild_id: guildId,
    nickname: guilds.names.get(guildId)!,
    value,
    display_value: display,
    is_withdrawn: false,
  });
  const averages: Array<[string, number]> = [...members].map(([guildId, list]) => [
    guildId,
    guildAverageScore(list.map(([, score]) => score)),
  ]);
  const top4: Array<[string, number]> = [...members]
    .filter(([, list]) => list.length >= 4)
    .map(([guildId, list]) => [
      guildId,
      list
        .map(([, score]) => score)
        .sort((a, b) => a - b)
        .slice(0, 4)
        .reduce((a, b) => a + b, 0),
    ]);
  return {
    GUILD: rank(averages).map(({ entry: [id, value], rank: r }) =>
      guildRow(id, r, value, formatGuildAverage(value)),
    ),
    GUILD_TOP4: rank(top4).map(({ entry: [id, value], rank: r }) =>
      guildRow(id, r, value, formatToPar(value)),
    ),
    members: [...members].map(([guildId, list]) => ({
      board: `GM#${guildId}`,
      rows: rank(list).map(({ entry: [userId, value], rank: r }) => rowOf(userId, r, value)),
    })),
  };
}

/**
 * The season's yearly points (DESIGN.md section 3): each tournament that has started gives its
 * entrants floor(1000 x (N - rank + 1) / N) by their shared SCORE rank; a user's points are the sum.
 */
async function yearlyStandings(seasonId: number, now: Date) {
  const tournaments = (await tournamentRepository.list()).filter(
    (t) =>
      t.season_id === seasonId &&
      !t.cancelled &&
      t.rounds.some((r) => !isBeforeDeadline(now.toISOString(), r.deadline_at)),
  );
  const points = new Map<string, number>();
  const histories: TournamentHistory[] = [];
  let provisional = false;
  for (const tournament of tournaments) {
    const data = await userRounds(tournament.game_global_id, now);
    const entrants = data.userIds.filter((id) =>
      data.byUser.get(id)!.some((round) => round.has_team && round.state !== 'cancelled'),
    );
    const scores = entrants.map((id) => scoreMetric(data.byUser.get(id)!));
    const ranked = entrants.filter((_, i) => scores[i] !== null);
    const ranking = competitionRanking(
      Float64Array.from(ranked.map((id) => scoreMetric(data.byUser.get(id)!)!)),
      'lower',
    );
    const gained = tournamentYearlyPoints(
      Array.from(ranking.order, (index, p) => ({ user_id: ranked[index]!, rank: ranking.rankAt[p]! })),
      { cancelled: false },
    );
    for (const [userId, value] of gained) points.set(userId, (points.get(userId) ?? 0) + value);
    const tournamentProvisional = tournament.rounds.some((r) => !r.cancelled && r.results !== 'final');
    if (tournamentProvisional) provisional = true;
    histories.push(
      tournamentHistory({
        gameGlobalId: tournament.game_global_id,
        seasonId,
        rounds: data.rounds.map(({ stored }) => ({ round: stored.round, cancelled: stored.cancelled })),
        userIds: data.userIds,
        byUser: data.byUser,
        points: gained,
        entrants: ranked.length,
        provisional: tournamentProvisional,
      }),
    );
  }
  return { points, provisional, histories };
}

/** What a round scope needs besides the metrics: nicknames, and each user's guild with its name. */
export interface RoundScopeInput {
  snapshotId: string;
  round: number;
  userIds: readonly string[];
  /** metrics[t - 1][i] = user i's value in type t after this round; NaN = no entry. */
  metrics: readonly Float64Array[];
  profiles: ReadonlyMap<string, { nickname?: string }>;
  guilds: GuildIndex;
}

/**
 * One round scope of a snapshot: the 7 personal types ranked (their sizes and the guild boards' for
 * the pointer) and its items, yielded one by one in the order they are written: guild pages, each
 * guild's member page, the pages of the 7 types, their 7 indexes, then the users' values in buckets
 * (each user's own rank is found from those two, see rank-index.ts).
 */
export function roundScope(input: RoundScopeInput) {
  const { snapshotId, round, userIds, metrics, profiles } = input;
  const tables = buildSnapshotTables({ userIds, metrics });
  const profileOf = userIds.map((userId) => profiles.get(userId));
  const rowOf = (userId: string, rank: number, type: PersonalRankingType, value: number) => ({
    rank,
    user_id: userId,
    nickname: profiles.get(userId)?.nickname ?? '退会したユーザー',
    value,
    display_value: personalRankingDisplay(type, value),
    is_withdrawn: !profiles.has(userId),
  });
  const boards = guildBoards(userIds, metrics[0]!, input.guilds, (userId, rank, value) =>
    rowOf(userId, rank, 1, value),
  );
  // Each bucket's users by index; their values are read from the metrics when it is packed.
  const buckets = bucketMembers(userIds);
  function* items(): Generator<Record<string, unknown>> {
    for (const board of ['GUILD', 'GUILD_TOP4'] as const)
      for (let page = 0; page * SNAPSHOT_PAGE_SIZE < boards[board].length; page++)
        yield* rankingPageItems(
          snapshotId,
          round,
          board,
          page + 1,
          boards[board].slice(page * SNAPSHOT_PAGE_SIZE, (page + 1) * SNAPSHOT_PAGE_SIZE),
        );
    // Guild vs guild finds a guild's rank and neighbours from it (its value from the member page).
    yield rankingIndexItem(snapshotId, round, 'GUILD', boardIndex(boards.GUILD.map((row) => row.value)));
    for (const { board, rows } of boards.members) yield* rankingPageItems(snapshotId, round, board, 1, rows);
    // Each user's id and nickname encoded once, copied into the 7 boards' pages.
    const users = encodeUsers(userIds, (i) => profileOf[i]?.nickname ?? '退会したユーザー');
    for (const typed of tables.types) {
      const values = metrics[typed.type - 1]!;
      yield* boardPages(snapshotId, round, personalBoard(typed.type), {
        users,
        ranking: typed,
        values,
        pageCount: typed.pageCount,
        withdrawn: (user) => profileOf[user] === undefined,
      });
      yield rankingIndexItem(
        snapshotId,
        round,
        personalBoard(typed.type),
        boardIndex(Array.from(typed.order, (user) => values[user]!)),
      );
    }
    for (const [bucket, members] of buckets.entries())
      yield rankingValuesItem(snapshotId, round, bucket, packIndexedValues(users, members, metrics));
  }
  return {
    totals: tables.types.map((t) => t.order.length),
    boards: { GUILD: boards.GUILD.length, GUILD_TOP4: boards.GUILD_TOP4.length },
    buckets: buckets.length,
    items,
  };
}

/** A board's pages from a ranking by user index, each row's id and nickname copied from `users`. */
function* boardPages(
  snapshotId: string,
  round: number,
  board: string,
  input: {
    users: EncodedUsers;
    ranking: { order: Uint32Array; rankAt: Uint32Array };
    /** values[user] */
    values: ArrayLike<number>;
    pageCount: number;
    withdrawn: (user: number) => boolean;
  },
) {
  const { order, rankAt } = input.ranking;
  const value = new Float64Array(SNAPSHOT_PAGE_SIZE);
  for (let page = 0; page < input.pageCount; page++) {
    const start = page * SNAPSHOT_PAGE_SIZE;
    const end = Math.min(order.length, start + SNAPSHOT_PAGE_SIZE);
    const withdrawn: number[] = [];
    for (let p = start; p < end; p++) {
      const user = order[p]!;
      value[p - start] = input.values[user]!;
      if (input.withdrawn(user)) withdrawn.push(p - start);
    }
    const packed = packIndexedPage({
      users: input.users,
      order: order.subarray(start, end),
      rank: rankAt.subarray(start, end),
      value,
      withdrawn,
    });
    yield* rankingPageItems(snapshotId, round, board, page + 1, packed);
  }
}

/**
 * The yearly board's items from each user's points (`userIds` sorted, so ties are in id order):
 * pages (displays formatted on reading), its index, and the users' points in buckets, one by one.
 */
export function* yearlyItems(
  snapshotId: string,
  userIds: readonly string[],
  points: Float64Array,
  nicknameOf: (index: number) => string | undefined,
): Generator<Record<string, unknown>> {
  const ranking = competitionRanking(points, 'higher');
  const nicknames = userIds.map((_, i) => nicknameOf(i));
  const users = encodeUsers(userIds, (i) => nicknames[i] ?? '退会したユーザー');
  yield* boardPages(snapshotId, YEARLY_SCOPE, 'YEARLY', {
    users,
    ranking,
    values: points,
    pageCount: Math.ceil(userIds.length / SNAPSHOT_PAGE_SIZE),
    withdrawn: (user) => nicknames[user] === undefined,
  });
  yield rankingIndexItem(
    snapshotId,
    YEARLY_SCOPE,
    'YEARLY',
    boardIndex(Array.from(ranking.order, (user) => points[user]!)),
  );
  for (const [bucket, members] of bucketMembers(userIds).entries())
    yield rankingValuesItem(snapshotId, YEARLY_SCOPE, bucket, packIndexedValues(users, members, [points]));
}

/** What a round adds to its scope and the later ones: its state, penalty and every team's score. */
const roundInputs = (round: Awaited<ReturnType<typeof userRounds>>['rounds'][number]) =>
  digest(JSON.stringify([round.stored, round.indexed.penalty, [...round.scores.entries()]]));

/**
 * The served snapshot's scope, kept as it is when nothing it was built from changed: its personal
 * and guild items stay where they are (another snapshot's), only the pointer names them.
 */
function reusableScope(
  previous: RankingPointer,
  round: number,
  inputs: string,
  provisional: boolean,
  now: Date,
  finished: boolean,
): RankingPointer['scopes'][string] | null {
  const old = previous.scopes[String(round)];
  if (!old || old.inputs !== inputs || old.provisional !== provisional || !old.written_at) return null;
  // Written before the users' values moved into buckets: build it again.
  if (old.buckets === undefined) return null;
  if (!isReusable(old.written_at, now, finished, old.kept)) return null;
  const { QUIZ: _quiz, ...boards } = old.boards ?? {};
  return {
    provisional,
    totals: old.totals,
    boards,
    snapshot_id: old.snapshot_id ?? previous.snapshot_id,
    inputs,
    written_at: old.written_at,
    buckets: old.buckets,
    ...(old.kept ? { kept: true } : {}),
  };
}

/** Snapshot ids grow with the wall clock, also within one millisecond: a later build has a larger id. */
const nextSnapshotId = monotonicFactory();

/**
 * Computes and writes a new snapshot of the tournament's personal rankings, then switches to it
 * (unless a newer snapshot is already served, or `leaseOwner` no longer holds the job's lease).
 */
export async function recomputeRankings(
  gameGlobalId: string | undefined,
  now: Date,
  options: { leaseOwner?: string } = {},
) {
  const startedAt = performance.now();
  const gameId = await resolveGame(gameGlobalId, now);
  const data = await userRounds(gameId, now);
  const snapshotId = nextSnapshotId();
  const profiles = await guildRepository.profiles(data.userIds);
  const guilds = await guildsOf(data.userIds);
  const pointer: RankingPointer = {
    game_global_id: gameId,
    snapshot_id: snapshotId,
    created_at: now.toISOString(),
    active_round: data.started.at(-1) ?? 1,
    scopes: {},
    page_size: SNAPSHOT_PAGE_SIZE,
  };
  const previous = await rankingRepository.getPointer(gameId);
  // A finished tournament's snapshot is kept: its final rankings stay readable after a week.
  const finished = isFinished(data.record);
  /**
   * The snapshot's items, built as the write takes them (a scope at a time, never all held at
   * once); the pointer's scopes are filled in as they are built, and it is written after them.
   */
  async function* snapshotItems(): AsyncGenerator<Record<string, unknown>> {
    let inputs = digest(data.userIds.join('\n'));
    for (const [index, round] of data.started.entries()) {
      const upTo = index + 1;
      const provisional = data.record.rounds
        .slice(0, round)
        .some((r) => !r.cancelled && r.results !== 'final');
      inputs = digest(`${inputs}\n${roundInputs(data.rounds[index]!)}`);
      const reused = previous && reusableScope(previous, round, inputs, provisional, now, finished);
      if (reused) {
        pointer.scopes[String(round)] = reused;
        continue;
      }
      const n = data.userIds.length;
      const metrics = personalRankingTypes.map(() => new Float64Array(n).fill(Number.NaN));
      data.userIds.forEach((userId, i) => {
        const rounds = data.byUser.get(userId)!.slice(0, upTo);
        for (const type of personalRankingTypes) {
          const value = personalMetric(type, rounds);
          if (value !== null) metrics[type - 1]![i] = value;
        }
      });
      const scope = roundScope({ snapshotId, round, userIds: data.userIds, metrics, profiles, guilds });
      pointer.scopes[String(round)] = {
        provisional,
        totals: scope.totals,
        boards: scope.boards,
        snapshot_id: snapshotId,
        inputs,
        written_at: now.toISOString(),
        buckets: scope.buckets,
        ...(finished ? { kept: true } : {}),
      };
      yield* scope.items();
    }
    const yearly = await yearlyStandings(data.record.season_id, now);
    await writeSeasonHistories(yearly.histories, now);
    const yearlyIds = [...yearly.points.keys()].sort();
    const yearlyProfiles = await guildRepository.profiles(yearlyIds.filter((id) => !profiles.has(id)));
    const nameOf = (id: string) => (profiles.get(id) ?? yearlyProfiles.get(id))?.nickname;
    const points = Float64Array.from(yearlyIds, (id) => yearly.points.get(id)!);
    pointer.scopes[String(YEARLY_SCOPE)] = {
      provisional: yearly.provisional,
      totals: [],
      boards: { YEARLY: yearlyIds.length },
      buckets: bucketCount(yearlyIds.length),
    };
    yield* yearlyItems(snapshotId, yearlyIds, points, (i) => nameOf(yearlyIds[i]!));
    const quiz: Array<Record<string, unknown>> = [];
    await addQuizBoards(data.record, snapshotId, pointer, quiz, now, previous, finished);
    yield* quiz;
  }
  const { written, published } = await rankingRepository.writeSnapshot(snapshotItems(), pointer, now, {
    ...options,
    buildStartedAt: startedAt,
    kept: finished,
  });
  return {
    game_global_id: gameId,
    snapshot_id: snapshotId,
    published,
    items_written: written,
    duration_ms: Math.round(performance.now() - startedAt),
  };
}
