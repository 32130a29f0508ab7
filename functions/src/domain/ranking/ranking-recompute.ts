/**
 * The recompute side of the personal rankings (docs/game-rules.md, Ranking; docs/architecture.md, Rankings): reads the stored team
 * round scores, ranks every user in all 7 types for each round played so far (standings after that
 * round), writes the pages, board indexes and value buckets of a new snapshot, then switches the
 * pointer. Round scopes whose inputs did not change are kept from the served snapshot.
 */
import { monotonicFactory } from 'ulid';
import { isBeforeDeadline } from '@golf/shared/game/lock';
import {
  personalMetric,
  personalRankingDirection,
  personalRankingTypes,
  type UserRoundRecord,
} from '@golf/shared/game/personal-ranking';
import { boardIndexOf, competitionRanking, entryRanks, isTopTenPercent } from '@golf/shared/game/ranking';
import { formatToPar } from '@golf/shared/game/format';
import { formatGuildAverage, guildAverageOf } from '@golf/shared/game/guild-versus';
import { guildRepository } from '../../db/repositories/guild-repository';
import { WITHDRAWN_NICKNAME } from '../../db/repositories/user-repository';
import {
  guildMemberBoard,
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
import { config } from '../../lib/config';
import { notFound } from '../../lib/errors';
import { type BoardOrder, entriesOf, SNAPSHOT_PAGE_SIZE, typePages } from './build-snapshot';
import { addQuizBoards } from './quiz-ranking';
import { boardIndex, boardIndexOfEntries, bucketCount, bucketMembers } from './rank-index';
import { indexTournamentRound, teamScoreRecord } from '../game/team-scoring';
import { roundTeams, thawTeams } from './frozen-teams';
import { type EncodedUsers, encodeUsers, type KnownUsers } from '../../db/repositories/page-codec';
import { bucketRows, type GroupedOrder, groupPageRows, pageRows } from './board-packing';
import { type Packer, packInThread, type PackingPool, rankOn, runPool, sharedBytes } from './packing-pool';
import { digest, isFinished, isReusable, resolveGame, YEARLY_SCOPE } from './ranking-scope';
import { writeSeasonHistories, type TournamentHistory } from './season-history';
import { keepSeasonPoints, keptSeasonPoints, seasonPointsKey, type SortedPoints } from './season-points';
import {
  addSorted,
  isProvisional,
  type ScoredTournament,
  sumPoints,
  tournamentStandings,
} from './yearly-standings';

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

/** What the public guild boards call an unlisted guild (docs/game-rules.md, guild rankings). */
const unlistedGuildName = '非公開ギルド';

/**
 * Each ranked user's guild and each guild's name, read in batches. An unlisted guild is ranked like
 * any other but named on the public boards (and so in guild vs guild) as `unlistedGuildName`.
 */
async function guildsOf(userIds: readonly string[]): Promise<GuildIndex> {
  const memberships = await batchGetAll(userIds.map((id) => keys.guildMembership(id)));
  const guildOf = new Map(
    memberships.map((item) => [String(item['PK']).slice('USER#'.length), String(item['guild_id'])]),
  );
  const guildItems = await batchGetAll([...new Set(guildOf.values())].map((id) => keys.guild(id)));
  const names = new Map(
    guildItems.map((item) => [
      String(item['guild_id']),
      item['is_public'] === true ? String(item['name']) : unlistedGuildName,
    ]),
  );
  return { guildOf, names };
}

/** A round scope's guild boards: the guilds' two rankings, and each guild's members ranked. */
interface GuildBoards {
  GUILD: StoredRankingRow[];
  GUILD_TOP4: StoredRankingRow[];
  /** The guilds with members on the boards, and their members' boards (guild g's is group g). */
  ids: string[];
  members: GroupedOrder;
}

/**
 * The guild boards of one round scope from the members' SCORE and its ranking: `GUILD` ranks guilds
 * by the average of the members who entered, `GUILD_TOP4` by the sum of their best 4 (guilds with 4
 * entered members or more), `GM#{id}` ranks one guild's members among themselves. Lower is better
 * on all. Guilds come in the order of their first member (ties keep it); a guild's members come in
 * the SCORE ranking's order, so equal scores stay in user order. Typed arrays, no row per member.
 */
function guildBoards(
  userIds: readonly string[],
  /** scores[i]: user i's SCORE (NaN = not entered). */
  scores: Float64Array,
  /** The entered users ranked by SCORE. */
  ranked: BoardOrder,
  guilds: GuildIndex,
): GuildBoards {
  const ids: string[] = [];
  const slots = new Map<string, number>();
  const slotAt = new Int32Array(userIds.length).fill(-1);
  for (let i = 0; i < userIds.length; i++) {
    if (Number.isNaN(scores[i]!)) continue;
    const guildId = guilds.guildOf.get(userIds[i]!);
    if (guildId === undefined || !guilds.names.has(guildId)) continue;
    let slot = slots.get(guildId);
    if (slot === undefined) {
      slot = ids.length;
      slots.set(guildId, slot);
      ids.push(guildId);
    }
    slotAt[i] = slot;
  }
  // Each guild's members counted and their scores summed in user order; then placed in SCORE order.
  const count = ids.length;
  const starts = new Uint32Array(count + 1);
  const totals = new Float64Array(count);
  for (let i = 0; i < userIds.length; i++) {
    const slot = slotAt[i]!;
    if (slot < 0) continue;
    starts[slot + 1]!++;
    totals[slot]! += scores[i]!;
  }
  for (let g = 0; g < count; g++) starts[g + 1]! += starts[g]!;
  const order = new Uint32Array(starts[count]!);
  const next = starts.slice(0, count);
  for (const user of ranked.order) if (slotAt[user]! >= 0) order[next[slotAt[user]!]!++] = user;
  const rankAt = new Uint32Array(order.length);
  const averages = new Float64Array(count);
  const top4: number[] = [];
  const top4Slots: number[] = [];
  for (let g = 0; g < count; g++) {
    const start = starts[g]!;
    const end = starts[g + 1]!;
    entryRanks(
      boardIndexOf(end - start, (k) => scores[order[start + k]!]!),
      rankAt,
      start,
    );
    averages[g] = guildAverageOf(totals[g]!, end - start);
    if (end - start < 4) continue;
    let best = 0;
    for (let p = start; p < start + 4; p++) best += scores[order[p]!]!;
    top4.push(best);
    top4Slots.push(g);
  }
  const board = (
    values: ArrayLike<number>,
    slotOf: (entry: number) => number,
    display: (value: number) => string,
  ) => {
    const ranking = competitionRanking(values, 'lower');
    return Array.from(ranking.order, (entry, p): StoredRankingRow => {
      const guildId = ids[slotOf(entry)]!;
      return {
        rank: ranking.rankAt[p]!,
        user_id: guildId,
        guild_id: guildId,
        nickname: guilds.names.get(guildId)!,
        value: values[entry]!,
        display_value: display(values[entry]!),
        is_withdrawn: false,
      };
    });
  };
  return {
    GUILD: board(averages, (entry) => entry, formatGuildAverage),
    GUILD_TOP4: board(top4, (entry) => top4Slots[entry]!, formatToPar),
    ids,
    members: { order, rankAt, starts },
  };
}

type UserRounds = Awaited<ReturnType<typeof userRounds>>;

const scoredTournament = (data: UserRounds): ScoredTournament => ({
  ...data,
  rounds: data.rounds.map(({ stored }) => ({ round: stored.round, cancelled: stored.cancelled })),
});

/**
 * The season's yearly points (docs/game-rules.md, Yearly points): each of its tournaments that has started gives
 * its entrants their points; a user's points are the sum. The tournament being published is scored
 * from its own run's rounds (`current`); the other tournaments' sum is kept between runs
 * (season-points.ts) and scored again, their season histories with it, only when one of them
 * changed. Writes the histories that changed.
 */
async function yearlyStandings(current: UserRounds, now: Date) {
  const { season_id: seasonId, game_global_id: gameId } = current.record;
  const tournaments = (await tournamentRepository.list()).filter(
    (t) =>
      t.season_id === seasonId &&
      !t.cancelled &&
      t.rounds.some((r) => !isBeforeDeadline(now.toISOString(), r.deadline_at)),
  );
  const others = tournaments.filter((t) => t.game_global_id !== gameId);
  const key = await seasonPointsKey(others, now);
  const kept = key === null ? null : await keptSeasonPoints(seasonId, gameId, key);
  const histories: TournamentHistory[] = [];
  let othersPoints: SortedPoints = kept ?? { users: [], points: [] };
  if (!kept) {
    const gains: Array<ReadonlyMap<string, number>> = [];
    for (const tournament of others) {
      const standings = tournamentStandings(
        scoredTournament(await userRounds(tournament.game_global_id, now)),
      );
      gains.push(standings.gained);
      histories.push(standings.history);
    }
    othersPoints = sumPoints(gains);
  }
  let season = othersPoints;
  if (tournaments.some((t) => t.game_global_id === gameId)) {
    const standings = tournamentStandings(scoredTournament(current));
    season = addSorted(othersPoints, sumPoints([standings.gained]));
    histories.push(standings.history);
  }
  await writeSeasonHistories(histories, now);
  // Kept once the histories scored with them are written: a failed write scores them again.
  if (!kept && key !== null) await keepSeasonPoints(seasonId, gameId, key, othersPoints);
  return { users: season.users, points: season.points, provisional: tournaments.some(isProvisional) };
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
  /** The users already encoded for these ids (a run's round scopes share them); else encoded here. */
  encoded?: EncodedUsers;
}

/**
 * One round scope of a snapshot: the sizes of its 7 personal types (for the pointer) and its items,
 * yielded one by one in the order they are written: the pages of the 7 types, each followed by its
 * index, the users' values in buckets (each user's own rank is found from those two, see
 * rank-index.ts), then the guild pages and each guild's member page. With a pool, its workers rank
 * the types (while this thread encodes the users) and pack the pages and buckets; without, this
 * thread does.
 * The guild boards' sizes and the encoded users are known once the items are.
 */
export function roundScope(input: RoundScopeInput, pool: PackingPool | null = null) {
  const { snapshotId, round, userIds, metrics, profiles } = input;
  const buckets = bucketMembers(userIds);
  let guildSizes: { GUILD: number; GUILD_TOP4: number } | null = null;
  let encoded = input.encoded ?? null;
  const totals = metrics.map(entriesOf);
  async function* items(): AsyncGenerator<Record<string, unknown>> {
    // The 7 types ranked by the pool's workers while this thread encodes the users (here without one).
    const ranked = personalRankingTypes.map((type) =>
      awaitedLater(rankOn(pool, metrics[type - 1]!, personalRankingDirection(type))),
    );
    const withdrawn = new Uint8Array(userIds.length);
    for (let i = 0; i < userIds.length; i++) if (!profiles.has(userIds[i]!)) withdrawn[i] = 1;
    function* steps(packer: Packer): Generator<Step> {
      for (const type of personalRankingTypes)
        yield* boardSteps(snapshotId, round, personalBoard(type), {
          board: ranked[type - 1]!,
          values: metrics[type - 1]!,
          withdrawn,
          pages: typePages(totals[type - 1]!),
          packer,
        });
      yield* bucketSteps(snapshotId, round, buckets, metrics, packer);
      // Made while the workers pack the last buckets.
      yield () =>
        ranked[0]!.then((byScore) => {
          const boards = guildBoards(userIds, metrics[0]!, byScore, input.guilds);
          guildSizes = { GUILD: boards.GUILD.length, GUILD_TOP4: boards.GUILD_TOP4.length };
          return guildItems(snapshotId, round, boards, { values: metrics[0]!, withdrawn, packer });
        });
    }
    // Each user's id and nickname encoded once, copied into the 7 boards' pages.
    yield* packedScope(
      (allocate) =>
        (encoded ??= encodeUsers(
          userIds,
          (i) => profiles.get(userIds[i]!)?.nickname ?? WITHDRAWN_NICKNAME,
          allocate,
        )),
      pool,
      steps,
    );
  }
  return {
    totals,
    /** Sizes of the guild boards, once the items have been made. */
    get boards() {
      if (!guildSizes) throw new Error("the guild boards are sized when the scope's items are made");
      return guildSizes;
    },
    buckets: buckets.length,
    /** The users as encoded for the pages, once the items have been made. */
    get users() {
      if (!encoded) throw new Error("the users are encoded when the scope's items are made");
      return encoded;
    },
    items,
  };
}

/**
 * A promise awaited later (by the steps that need it, once they start): its failure, should it
 * come first, is not an unhandled rejection, and reaches each step that awaits it.
 */
function awaitedLater<T>(promise: Promise<T>) {
  promise.catch(() => {});
  return promise;
}

/** A step of a scope's items: started ahead of the write, its items awaited in turn. */
type Step = () => Promise<Array<Record<string, unknown>>>;

/** Pages packed per task: 10,000 rows, some tens of milliseconds. */
const PAGES_PER_TASK = 100;
/** Buckets packed per task: about 20,000 users. */
const BUCKETS_PER_TASK = 100;

/** A board's page tasks, then its index, each made once the board is ranked. */
function* boardSteps(
  snapshotId: string,
  scope: number,
  name: string,
  input: {
    board: Promise<BoardOrder>;
    values: Float64Array;
    withdrawn: Uint8Array;
    pages: number;
    packer: Packer;
  },
): Generator<Step> {
  const { board, values, withdrawn, pages, packer } = input;
  for (let from = 0; from < pages; from += PAGES_PER_TASK) {
    const to = Math.min(pages, from + PAGES_PER_TASK);
    yield () =>
      board
        .then((ranked) => packer.pages(pageRows(ranked, values, withdrawn, from, to)))
        .then((packed) =>
          packed.flatMap((bytes, i) => rankingPageItems(snapshotId, scope, name, from + i + 1, bytes)),
        );
  }
  yield () =>
    board.then((ranked) => [
      rankingIndexItem(snapshotId, scope, name, boardIndexOfEntries(ranked.order, values)),
    ]);
}

/**
 * The guild boards' pages and the index of `GUILD` (guild vs guild finds a guild's rank and
 * neighbours from it, its value from the member page), then the guilds' member pages, packed in
 * tasks of about as many rows as a task of pages.
 */
async function guildItems(
  snapshotId: string,
  round: number,
  boards: GuildBoards,
  input: { values: Float64Array; withdrawn: Uint8Array; packer: Packer },
): Promise<Array<Record<string, unknown>>> {
  const members: Array<Promise<Array<Record<string, unknown>>>> = [];
  const { starts } = boards.members;
  const guilds = boards.ids.length;
  for (let from = 0, to = 0; from < guilds; from = to) {
    while (to < guilds && starts[to]! - starts[from]! < PAGES_PER_TASK * SNAPSHOT_PAGE_SIZE) to++;
    const first = from;
    members.push(
      input.packer
        .pages(groupPageRows(boards.members, input.values, input.withdrawn, from, to))
        .then((packed) =>
          packed.flatMap((bytes, i) =>
            rankingPageItems(snapshotId, round, guildMemberBoard(boards.ids[first + i]!), 1, bytes),
          ),
        ),
    );
  }
  const items: Array<Record<string, unknown>> = [];
  for (const board of ['GUILD', 'GUILD_TOP4'] as const)
    for (let page = 0; page * SNAPSHOT_PAGE_SIZE < boards[board].length; page++)
      items.push(
        ...rankingPageItems(
          snapshotId,
          round,
          board,
          page + 1,
          boards[board].slice(page * SNAPSHOT_PAGE_SIZE, (page + 1) * SNAPSHOT_PAGE_SIZE),
        ),
      );
  items.push(rankingIndexItem(snapshotId, round, 'GUILD', boardIndex(boards.GUILD.map((row) => row.value))));
  for (const packed of await Promise.all(members)) items.push(...packed);
  return items;
}

/** The value buckets' tasks (each bucket's members copied: a task's arrays move to its worker). */
function* bucketSteps(
  snapshotId: string,
  scope: number,
  buckets: readonly Uint32Array[],
  columns: readonly Float64Array[],
  packer: Packer,
): Generator<Step> {
  for (let from = 0; from < buckets.length; from += BUCKETS_PER_TASK) {
    const rows = bucketRows(
      buckets.slice(from, from + BUCKETS_PER_TASK).map((members) => members.slice()),
      columns,
    );
    yield () =>
      packer
        .buckets(rows)
        .then((packed) => packed.map((bytes, i) => rankingValuesItem(snapshotId, scope, from + i, bytes)));
  }
}

/**
 * The packed items of a scope: its users encoded once (in shared memory when a pool packs them),
 * then its steps run ahead and yielded in order, the scope's users released at the end.
 */
async function* packedScope(
  encode: (allocate: ((bytes: number) => Uint8Array) | undefined) => EncodedUsers,
  pool: PackingPool | null,
  steps: (packer: Packer) => Iterator<Step>,
): AsyncGenerator<Record<string, unknown>> {
  const users = encode(pool ? sharedBytes : undefined);
  const packer = pool ? pool.scope(users) : packInThread(users);
  try {
    yield* inOrder(steps(packer), packer);
  } finally {
    packer.release();
  }
}

/**
 * Steps started ahead (as many as the packer keeps), their items yielded in the steps' order. While
 * the oldest is still being packed by a worker, this thread packs queued tasks itself.
 */
async function* inOrder(steps: Iterator<Step>, packer: Packer): AsyncGenerator<Record<string, unknown>> {
  const started: Array<Promise<Array<Record<string, unknown>>>> = [];
  const fill = () => {
    while (started.length < packer.ahead) {
      const step = steps.next();
      if (step.done) return;
      // Awaited in its turn.
      started.push(awaitedLater(step.value()));
    }
  };
  fill();
  while (started.length > 0) {
    const head = started.shift()!;
    let settled = false;
    void head.then(
      () => (settled = true),
      () => (settled = true),
    );
    while (!settled && packer.helpOnce()) await new Promise((resolve) => setImmediate(resolve));
    const items = await head;
    fill();
    yield* items;
  }
}

/**
 * The yearly board's items from each user's points (`userIds` sorted, so ties are in id order):
 * pages (displays formatted on reading), its index, and the users' points in buckets, one by one.
 * Users of `known` (the tournament's, as its round scopes encoded them) are copied from there.
 */
export async function* yearlyItems(
  snapshotId: string,
  userIds: readonly string[],
  points: Float64Array,
  nicknameOf: (index: number) => string | undefined,
  pool: PackingPool | null = null,
  known?: KnownUsers,
): AsyncGenerator<Record<string, unknown>> {
  // Ranked by a worker while this thread encodes the users.
  const ranking = awaitedLater(rankOn(pool, points, 'higher'));
  const nicknames = userIds.map((_, i) => nicknameOf(i));
  const withdrawn = new Uint8Array(userIds.length);
  for (let i = 0; i < userIds.length; i++) if (nicknames[i] === undefined) withdrawn[i] = 1;
  yield* packedScope(
    (allocate) => encodeUsers(userIds, (i) => nicknames[i] ?? WITHDRAWN_NICKNAME, allocate, known),
    pool,
    function* (packer) {
      yield* boardSteps(snapshotId, YEARLY_SCOPE, 'YEARLY', {
        board: ranking,
        values: points,
        withdrawn,
        pages: Math.ceil(userIds.length / SNAPSHOT_PAGE_SIZE),
        packer,
      });
      yield* bucketSteps(snapshotId, YEARLY_SCOPE, bucketMembers(userIds), [points], packer);
    },
  );
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
  options: {
    leaseOwner?: string;
    /** Packing workers (the configured count unless given) and the users from which they are used. */
    packingWorkers?: number;
    packingFrom?: number;
  } = {},
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
    // The tournament's users, encoded by the first round scope built and shared with the others.
    let encoded: EncodedUsers | undefined;
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
      const scope = roundScope(
        { snapshotId, round, userIds: data.userIds, metrics, profiles, guilds, ...(encoded && { encoded }) },
        pool.for(data.userIds.length),
      );
      yield* scope.items();
      encoded = scope.users;
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
    }
    const yearly = await yearlyStandings(data, now);
    const yearlyIds = yearly.users;
    const yearlyProfiles = await guildRepository.profiles(yearlyIds.filter((id) => !profiles.has(id)));
    const nameOf = (id: string) => (profiles.get(id) ?? yearlyProfiles.get(id))?.nickname;
    const points = Float64Array.from(yearly.points);
    pointer.scopes[String(YEARLY_SCOPE)] = {
      provisional: yearly.provisional,
      totals: [],
      boards: { YEARLY: yearlyIds.length },
      buckets: bucketCount(yearlyIds.length),
    };
    yield* yearlyItems(
      snapshotId,
      yearlyIds,
      points,
      (i) => nameOf(yearlyIds[i]!),
      pool.for(yearlyIds.length),
      encoded && { userIds: data.userIds, users: encoded },
    );
    const quiz: Array<Record<string, unknown>> = [];
    await addQuizBoards(data.record, snapshotId, pointer, quiz, now, previous, finished);
    yield* quiz;
  }
  // Worker threads pack the pages of a large tournament's scopes, on the function's other vCPUs.
  const pool = runPool(options.packingWorkers ?? config().RANKING_PACKING_WORKERS, options.packingFrom);
  const { written, published } = await rankingRepository
    .writeSnapshot(snapshotItems(), pointer, now, {
      ...(options.leaseOwner ? { leaseOwner: options.leaseOwner } : {}),
      buildStartedAt: startedAt,
      kept: finished,
    })
    .finally(() => pool.close());
  return {
    game_global_id: gameId,
    snapshot_id: snapshotId,
    published,
    items_written: written,
    duration_ms: Math.round(performance.now() - startedAt),
    packing: pool.report(),
  };
}
