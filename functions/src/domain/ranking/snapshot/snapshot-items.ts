/**
 * The items of a ranking snapshot, yielded one by one in the order they are written: a round scope's
 * 7 personal boards (pages and indexes), its users' values in buckets and its guild boards, and the
 * yearly board. Ranking is done on the packing pool's workers when there is one, as is the packing
 * of pages and buckets (packing-pool.ts); the rules are the rule modules' (guild-boards.ts).
 */
import { personalRanking, personalRankingTypes } from '@golf/shared/game/personal-ranking';
import { WITHDRAWN_NICKNAME } from '@golf/functions/db/repositories/user-repository';
import {
  guildMemberBoard,
  personalBoard,
  rankingIndexItem,
  rankingPageItems,
  rankingValuesItem,
} from '@golf/functions/db/repositories/ranking-pages/ranking-repository';
import {
  type EncodedUsers,
  encodeUsers,
  type KnownUsers,
} from '@golf/functions/db/repositories/ranking-pages/page-codec';
import { bucketRows, groupPageRows, pageRows } from './board-packing';
import { type BoardOrder, entriesOf, SNAPSHOT_PAGE_SIZE, typePages } from '../rules/board-order';
import { type GuildBoards, guildBoards, type GuildIndex } from '../rules/guild-boards';
import { type Packer, packInThread, type PackingPool, rankOn, sharedBytes } from './packing-pool';
import { boardIndex, boardIndexOfEntries, bucketMembers } from '../rules/rank-index';
import { YEARLY_SCOPE } from '../rules/ranking-scope';

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
      awaitedLater(rankOn(pool, metrics[type - 1]!, personalRanking(type).order)),
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
  for (let from = 0; from < pages; from += packer.pagesPerTask) {
    const to = Math.min(pages, from + packer.pagesPerTask);
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
    while (to < guilds && starts[to]! - starts[from]! < input.packer.pagesPerTask * SNAPSHOT_PAGE_SIZE) to++;
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
