/**
 * The read side of the rankings: a page is the pointer's Get and one Query of the stored pages it
 * spans; a player's own rank is found from the scope's board indexes and the player's values bucket.
 */
import { personalRanking, personalRankingTypes, scoreRanking } from '@golf/shared/game/personal-ranking';
import { formatYearlyPoints } from '@golf/shared/game/yearly-points';
import type {
  OwnRankingResponse,
  PersonalRankingQuery,
  RankingPageResponse,
} from '@golf/shared/schemas/ranking';
import { guildRepository } from '@golf/functions/db/repositories/guild-repository';
import {
  guildMemberBoard,
  personalBoard,
  type QuizBoardRecord,
  type RankingPointer,
  rankingRepository,
} from '@golf/functions/db/repositories/ranking-pages/ranking-repository';
import { GUILD_MAX_MEMBERS } from '@golf/shared/schemas/guild';
import { ReadCache } from '@golf/functions/lib/read-cache';
import { QUIZ_BOARD, quizRow, type QuizValues } from '../io/quiz-ranking';
import { bucketOf, rankInIndex, valuesIn } from '../rules/rank-index';
import { resolveShownGame } from '../io/ranking-tournament';
import { YEARLY_SCOPE } from '../rules/ranking-scope';

function scopeOf(pointer: RankingPointer, round: number | undefined) {
  const scope = String(round ?? pointer.active_round);
  return { round: Number(scope), scope: pointer.scopes[scope] };
}

interface BoardQuery {
  game_global_id?: string | undefined;
  round?: number | undefined;
  page?: number | undefined;
  rank?: number | undefined;
  perPage: number;
}

/**
 * One page of a board of the current snapshot (or the page holding `rank`): a pointer Get and one
 * Query of the stored pages it spans. `board` and its size come from the pointer's scope.
 */
async function boardPage(
  query: BoardQuery,
  now: Date,
  board: (
    pointer: RankingPointer,
    scope: RankingPointer['scopes'][string],
  ) => Promise<{ id: string; total: number; display?: (value: number) => string } | null>,
  meta: { type: number | null; title: string; quiz?: boolean },
): Promise<RankingPageResponse> {
  const { quiz = false, ...shown } = meta;
  const gameId = await resolveShownGame(query.game_global_id, now);
  const pointer = await rankingRepository.getPointer(gameId);
  const activeRound = pointer ? (quiz ? (pointer.quiz_active_round ?? null) : pointer.active_round) : null;
  const { round, scope } = pointer
    ? scopeOf(pointer, query.round ?? activeRound ?? 1)
    : { round: query.round ?? 1, scope: undefined };
  const chosen = pointer && scope ? await board(pointer, scope) : null;
  const perPage = query.perPage;
  const total = chosen?.total ?? 0;
  const page = query.rank ? Math.ceil(query.rank / perPage) : (query.page ?? 1);
  const base = {
    active_round: activeRound,
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    ...shown,
    is_provisional: (quiz ? scope?.quiz_provisional : scope?.provisional) ?? true,
    snapshot_id: pointer?.snapshot_id ?? null,
  };
  if (!pointer || !chosen || (page - 1) * perPage >= total) return { ...base, rankings: [] };
  const offset = (page - 1) * perPage;
  const from = Math.floor(offset / pointer.page_size) + 1;
  const to = Math.floor((offset + perPage - 1) / pointer.page_size) + 1;
  // A scope's boards may live in an earlier snapshot (kept while their inputs did not change).
  const holder = (quiz ? scope?.quiz?.snapshot_id : scope?.snapshot_id) ?? pointer.snapshot_id;
  const rows = await rankingRepository.readPages(holder, round, chosen.id, from, to, chosen.display);
  const start = offset - (from - 1) * pointer.page_size;
  return {
    ...base,
    rankings: rows
      .slice(start, start + perPage)
      .map((row) => ({ ...row, ...(shown.type ? { type: shown.type } : {}) })),
  };
}

/**
 * The public pages (the same for everyone) answered from memory for a few seconds: the spike after
 * a round mostly never reaches the table. A snapshot written in this process clears them; other
 * processes switch within the TTL, like the CDN (which keeps them 30 s).
 */
const publicPages = new ReadCache<RankingPageResponse>(5_000);
const shared = (board: string, query: object, load: () => Promise<RankingPageResponse>) =>
  publicPages.get(`${board}:${JSON.stringify(query)}`, load);

/** GET /api/golf/ranking: one page of one type, or the page holding `rank`. */
export const rankingPage = (query: PersonalRankingQuery, now: Date) =>
  shared('personal', query, () =>
    boardPage(
      query,
      now,
      async (_pointer, scope) => ({
        id: personalBoard(query.type),
        total: scope.totals[query.type - 1] ?? 0,
        display: (value) => personalRanking(query.type).display(value),
      }),
      { type: query.type, title: personalRanking(query.type).title },
    ),
  );

/** GET /api/golf/ranking/guild (average of entered members) and /guild_top4 (best 4 members' sum). */
export const guildRankingPage = (kind: 'GUILD' | 'GUILD_TOP4', query: BoardQuery, now: Date) =>
  shared(kind, query, () =>
    boardPage(query, now, async (_pointer, scope) => ({ id: kind, total: scope.boards?.[kind] ?? 0 }), {
      type: null,
      title: 'SCORE',
    }),
  );

/** SCORE as shown: the guilds' member pages are stored without displays (before, with them). */
const scoreDisplay = scoreRanking.display;

/** A guild's member page of a scope: its members' rows, ranked by SCORE. */
export const guildMemberRows = (snapshotId: string, round: number, guildId: string) =>
  rankingRepository.readPages(snapshotId, round, guildMemberBoard(guildId), 1, 1, scoreDisplay);

/** GET /api/golf/ranking/guild_member: the caller's guild's members ranked among themselves. */
export const guildMemberRankingPage = (userId: string, query: BoardQuery, now: Date) =>
  boardPage(
    query,
    now,
    async () => {
      const membership = await guildRepository.getMembership(userId);
      if (!membership) return null;
      // A guild's members fit one stored page (at most 50).
      return { id: guildMemberBoard(membership.guild_id), total: GUILD_MAX_MEMBERS, display: scoreDisplay };
    },
    { type: 1, title: 'SCORE' },
  );

/** GET /api/golf/ranking/user: the caller's row in each of the 7 types (none when not entered). */
export async function ownRanking(
  userId: string,
  query: { game_global_id?: string | undefined; round?: number | undefined },
  now: Date,
): Promise<OwnRankingResponse> {
  const gameId = await resolveShownGame(query.game_global_id, now);
  const pointer = await rankingRepository.getPointer(gameId);
  const base = {
    type: null,
    title: 'SCORE',
    is_provisional: true,
    snapshot_id: pointer?.snapshot_id ?? null,
  };
  if (!pointer) return { ...base, rankings: [] };
  const { round, scope } = scopeOf(pointer, query.round);
  const [mine, profile] = await Promise.all([
    ownRanks(scope?.snapshot_id ?? pointer.snapshot_id, round, scope?.buckets, userId),
    guildRepository.profiles([userId]).then((found) => found.get(userId)),
  ]);
  return {
    ...base,
    is_provisional: scope?.provisional ?? true,
    rankings: personalRankingTypes.flatMap((type) => {
      const value = mine.values?.[type - 1] ?? null;
      const rank = value === null ? null : mine.rank(personalBoard(type), value, personalRanking(type).order);
      return value === null || rank === null
        ? []
        : [
            {
              rank,
              user_id: userId,
              nickname: profile?.nickname ?? '',
              value,
              display_value: personalRanking(type).display(value),
              is_withdrawn: false,
              type,
            },
          ];
    }),
  };
}

/**
 * A user's values in a scope and a way to rank them on the scope's boards: two reads (the user's
 * values bucket and the scope's indexes), whatever the number of users.
 */
async function ownRanks(snapshotId: string, round: number, buckets: number | undefined, userId: string) {
  if (buckets === undefined) return { values: null, rank: () => null };
  const { entries, indexes } = await rankingRepository.readValuesAndIndexes(
    snapshotId,
    round,
    bucketOf(userId, buckets),
  );
  return {
    values: valuesIn(entries, userId),
    rank: (board: string, value: number, direction: 'lower' | 'higher') => {
      const index = indexes.get(board);
      return index ? rankInIndex(index, value, direction) : null;
    },
  };
}

/** GET /api/golf/ranking/yearly: the season's yearly points, higher is better. */
export const yearlyRankingPage = (query: Omit<BoardQuery, 'round'>, now: Date) =>
  shared('yearly', query, () =>
    boardPage(
      { ...query, round: YEARLY_SCOPE },
      now,
      async (_pointer, scope) => ({
        id: 'YEARLY',
        total: scope.boards?.['YEARLY'] ?? 0,
        display: formatYearlyPoints,
      }),
      { type: null, title: 'ポイント' },
    ),
  );

/** GET /api/golf/ranking/yearly_personal: the caller's yearly row (none before their first entry). */
export async function ownYearlyRanking(userId: string, now: Date): Promise<OwnRankingResponse> {
  const pointer = await rankingRepository.getPointer(await resolveShownGame(undefined, now));
  const scope = pointer?.scopes[String(YEARLY_SCOPE)];
  const [mine, nickname] = await Promise.all([
    pointer ? ownRanks(pointer.snapshot_id, YEARLY_SCOPE, scope?.buckets, userId) : null,
    guildRepository.profiles([userId]).then((found) => found.get(userId)?.nickname ?? ''),
  ]);
  const value = mine?.values?.[0] ?? null;
  const rank = value === null ? null : mine!.rank('YEARLY', value, 'higher');
  return {
    type: null,
    title: 'ポイント',
    is_provisional: scope?.provisional ?? true,
    snapshot_id: pointer?.snapshot_id ?? null,
    rankings:
      value === null || rank === null
        ? []
        : [
            {
              rank,
              user_id: userId,
              nickname,
              value,
              display_value: formatYearlyPoints(value),
              is_withdrawn: false,
            },
          ],
  };
}

/** GET /api/golf/ranking/quiz: a round's quiz ranking (the round whose quiz is open by default). */
export const quizRankingPage = (query: BoardQuery, now: Date) =>
  shared('quiz', query, () =>
    boardPage(
      query,
      now,
      async (_pointer, scope) => ({ id: QUIZ_BOARD, total: scope.boards?.[QUIZ_BOARD] ?? 0 }),
      { type: null, title: '正解数', quiz: true },
    ),
  );

/** The caller's row on a round's quiz board: the bucket with the caller's result and the board's index. */
async function ownQuizRow(board: QuizBoardRecord, round: number, userId: string) {
  const [entries, index, profile] = await Promise.all([
    rankingRepository.readValues(board.snapshot_id, round, bucketOf(userId, board.buckets), QUIZ_BOARD),
    rankingRepository.readBoardIndex(board.snapshot_id, round, QUIZ_BOARD),
    guildRepository.profiles([userId]).then((found) => found.get(userId)),
  ]);
  const values = valuesIn(entries, userId) as QuizValues | null;
  const rank = values && index ? rankInIndex(index, values[0], 'higher') : null;
  return values && rank !== null ? quizRow(userId, profile?.nickname ?? '', rank, values) : null;
}

/** GET /api/golf/ranking/user_quiz: the caller's row in a round's quiz ranking (none before a result). */
export async function ownQuizRanking(
  userId: string,
  query: { game_global_id?: string | undefined; round?: number | undefined },
  now: Date,
): Promise<OwnRankingResponse> {
  const pointer = await rankingRepository.getPointer(await resolveShownGame(query.game_global_id, now));
  const round = query.round ?? pointer?.quiz_active_round ?? 1;
  const scope = pointer?.scopes[String(round)];
  const row = scope?.quiz ? await ownQuizRow(scope.quiz, round, userId) : null;
  return {
    type: null,
    title: '正解数',
    is_provisional: scope?.quiz_provisional ?? true,
    snapshot_id: pointer?.snapshot_id ?? null,
    rankings: row ? [row] : [],
  };
}
