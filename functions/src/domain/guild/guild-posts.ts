/**
 * The game's posts in guild chats (docs/operations.md, "What the game posts in guild chats"); a
 * member's team saved is in team-posts.ts, apart, so that the save calls do not bundle the rankings.
 * - a round's results, when the ranking job has published them as final: each guild on the round's
 *   guild ranking is told its average and its rank (and the rank after the round before), once; a
 *   correction that changes its average or rank tells it again. One conditional write per guild at
 *   most, from the guild board's stored pages (never a read per member).
 */
import { createHash } from 'node:crypto';
import { monotonicFactory } from 'ulid';
import type { GamePost } from '@golf/shared/game/guild-posts';
import { guildPostRepository } from '../../db/repositories/guild-post-repository';
import {
  type RankingPointer,
  rankingRepository,
  type StoredRankingRow,
} from '../../db/repositories/ranking-pages/ranking-repository';
import { tournamentRepository } from '../../db/repositories/tournament-repository';
import { sideEffectFailed } from '../../lib/side-effects';
import { SNAPSHOT_PAGE_SIZE } from '../ranking/rules/board-order';
import { YEARLY_SCOPE } from '../ranking/rules/ranking-scope';

const ulid = monotonicFactory();

/** Every row of a board of a scope, two stored pages per Query. */
async function wholeBoard(snapshotId: string, round: number, board: string, size: number) {
  const rows: StoredRankingRow[] = [];
  const pages = Math.ceil(size / SNAPSHOT_PAGE_SIZE);
  for (let from = 1; from <= pages; from += 2)
    rows.push(
      ...(await rankingRepository.readPages(snapshotId, round, board, from, Math.min(from + 1, pages))),
    );
  return rows;
}

const boardOf = (pointer: RankingPointer, round: number) => {
  const scope = pointer.scopes[String(round)];
  return scope
    ? { holder: scope.snapshot_id ?? pointer.snapshot_id, size: scope.boards?.['GUILD'] ?? 0 }
    : null;
};

const digestOf = (rows: readonly StoredRankingRow[]) =>
  createHash('sha256')
    .update(JSON.stringify(rows.map((row) => [row.user_id, row.rank, row.value])))
    .digest('base64url');

/** The rounds whose results are final in the published snapshot (cancelled rounds have none). */
async function finalRounds(pointer: RankingPointer): Promise<number[]> {
  const record = await tournamentRepository.get(pointer.game_global_id);
  if (!record || record.cancelled) return [];
  return Object.entries(pointer.scopes)
    .map(([scope, value]) => ({ round: Number(scope), value }))
    .filter(
      ({ round, value }) =>
        round !== YEARLY_SCOPE &&
        !value.provisional &&
        record.rounds[round - 1]?.results === 'final' &&
        !record.rounds[round - 1]?.cancelled,
    )
    .map(({ round }) => round)
    .sort((a, b) => a - b);
}

/** Posts one round's results in every guild on its board that was not told them yet. */
async function postRound(pointer: RankingPointer, round: number, now: Date): Promise<number> {
  const gameId = pointer.game_global_id;
  const board = boardOf(pointer, round);
  if (!board || board.size === 0) return 0;
  const rows = await wholeBoard(board.holder, round, 'GUILD', board.size);
  const digest = digestOf(rows);
  // The same board as the last pass posted from: nothing to tell anyone, no write at all.
  if ((await guildPostRepository.resultPostsDigest(gameId, round)) === digest) return 0;
  const before = boardOf(pointer, round - 1);
  const previousRanks = new Map(
    before && round > 1
      ? (await wholeBoard(before.holder, round - 1, 'GUILD', before.size)).map((row) => [
          row.user_id,
          row.rank,
        ])
      : [],
  );
  const told = await guildPostRepository.postedResults(
    rows.map((row) => row.user_id),
    gameId,
    round,
  );
  let posted = 0;
  for (const row of rows) {
    const last = told.get(row.user_id) ?? null;
    if (last && last.average === row.value && last.rank === row.rank) continue;
    const post: Extract<GamePost, { kind: 'round_result' }> = {
      kind: 'round_result',
      round,
      average: row.value,
      rank: row.rank,
      guild_count: rows.length,
      previous_rank: previousRanks.get(row.user_id) ?? null,
      update: last !== null,
    };
    if (
      await guildPostRepository.putResultPost({
        guildId: row.user_id,
        messageId: ulid(now.getTime()),
        post,
        gameGlobalId: gameId,
        told: last,
        now,
      })
    )
      posted++;
  }
  await guildPostRepository.putResultPostsDigest(gameId, round, digest, now);
  return posted;
}

/**
 * After the ranking job published `snapshotId`: the result posts of each round that is final in it.
 * Nothing when a newer snapshot is served already (its own publish posts). Never throws: a failure
 * is a counted error (lib/side-effects.ts), and the next publish posts what is still untold (the digest is kept only after a pass).
 */
export async function postRoundResults(gameGlobalId: string, snapshotId: string, now: Date): Promise<number> {
  try {
    const pointer = await rankingRepository.getPointer(gameGlobalId);
    if (!pointer || pointer.snapshot_id !== snapshotId) return 0;
    let posted = 0;
    for (const round of await finalRounds(pointer)) posted += await postRound(pointer, round, now);
    return posted;
  } catch (error) {
    sideEffectFailed('guild_result_posts', error, { game_global_id: gameGlobalId });
    return 0;
  }
}
