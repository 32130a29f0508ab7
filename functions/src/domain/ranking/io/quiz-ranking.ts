/**
 * The quiz ranking of each round, published with the personal rankings once the round's quiz has
 * closed (before that, a rank would tell players how their answers scored:
 * docs/adr/0013-quiz-answers-sealed-until-close.md): the users' best results of the round
 * (`QUIZSCORE` partition), more correct answers first, then the shorter total time. Board
 * `QUIZ` of each round scope: its pages, its index (entries per ranking value) and the users' own
 * results in value buckets, as the personal boards (rank-index.ts), so "my quiz rank" is two small
 * reads and no item per user. A board whose results did not change is kept where it is.
 */
import { competitionRanking } from '@golf/shared/game/ranking';
import { deriveSchedule } from '@golf/shared/schedule/derive-schedule';
import type { TournamentRecord } from '@golf/shared/schedule/tournament-record';
import { guildRepository } from '@golf/functions/db/repositories/guild-repository';
import { WITHDRAWN_NICKNAME } from '@golf/functions/db/repositories/user-repository';
import { quizRepository } from '@golf/functions/db/repositories/quiz-repository';
import {
  type QuizBoardRecord,
  rankingIndexItem,
  rankingPageItems,
  type RankingPointer,
  rankingValuesItem,
  type StoredRankingRow,
} from '@golf/functions/db/repositories/ranking-pages/ranking-repository';
import { formatQuizResult, quizRankingValue } from '../../quiz/quiz-attempt';
import { isQuizClosed } from '../../quiz/quiz-window';
import { SNAPSHOT_PAGE_SIZE } from '../rules/board-order';
import { boardIndexOfEntries, valueBuckets } from '../rules/rank-index';
import { digest, isReusable } from '../rules/ranking-scope';

export const QUIZ_BOARD = 'QUIZ';

/** One user's entry in a quiz values bucket: the ranking value, correct answers and total time. */
export type QuizValues = [rankingValue: number, score: number, totalTimeMs: number];

/** A user's row on the quiz board from the entry of the values bucket and the rank the index gives. */
export const quizRow = (
  userId: string,
  nickname: string,
  rank: number,
  [, score, totalTimeMs]: QuizValues,
): StoredRankingRow => ({
  rank,
  user_id: userId,
  nickname,
  value: score,
  display_value: formatQuizResult({ score, total_time_ms: totalTimeMs }),
  is_withdrawn: false,
});

/**
 * Adds the quiz boards of the tournament's rounds whose quiz has closed to a snapshot's items and
 * pointer; a round whose quiz is open gets nothing, not even a scope. A round's board that the served
 * snapshot (`previous`) holds from the same results is kept: the pointer names it and nothing is
 * written.
 */
export async function addQuizBoards(
  record: TournamentRecord,
  snapshotId: string,
  pointer: RankingPointer,
  items: Array<Record<string, unknown>>,
  now: Date,
  previous: RankingPointer | null = null,
  /** A finished tournament: only boards written to be kept are kept, and new ones are. */
  finished = false,
): Promise<void> {
  const schedule = deriveSchedule(record, now);
  const quizOpen = schedule.status === 'upcoming' || schedule.status === 'in_progress';
  let lastWithResults: number | null = null;
  for (const round of [1, 2, 3, 4]) {
    if (!isQuizClosed(record, round, now)) continue;
    const scores = await quizRepository.listScores(record.game_global_id, round);
    if (scores.length === 0) continue;
    lastWithResults = round;
    scores.sort((a, b) => (a.user_id < b.user_id ? -1 : a.user_id > b.user_id ? 1 : 0));
    const inputs = digest(JSON.stringify(scores.map((s) => [s.user_id, s.score, s.total_time_ms])));
    const scope = (pointer.scopes[String(round)] ??= { provisional: true, totals: [] });
    scope.quiz_provisional = false;
    const kept = previous?.scopes[String(round)]?.quiz;
    const board: QuizBoardRecord =
      kept && kept.inputs === inputs && isReusable(kept.written_at, now, finished, kept.kept)
        ? kept
        : {
            ...(await writeBoard(snapshotId, round, scores, inputs, items, now)),
            ...(finished ? { kept: true } : {}),
          };
    scope.quiz = board;
    scope.boards = { ...scope.boards, [QUIZ_BOARD]: board.entries };
  }
  pointer.quiz_active_round = quizOpen ? schedule.current_round : lastWithResults;
}

/** A round's quiz board: its pages, its index and the users' values, added to `items`. */
async function writeBoard(
  snapshotId: string,
  round: number,
  scores: Awaited<ReturnType<typeof quizRepository.listScores>>,
  inputs: string,
  items: Array<Record<string, unknown>>,
  now: Date,
): Promise<QuizBoardRecord> {
  const profiles = await guildRepository.profiles(scores.map((s) => s.user_id));
  const values = scores.map(quizRankingValue);
  const ranking = competitionRanking(Float64Array.from(values), 'higher');
  const rows: StoredRankingRow[] = Array.from(ranking.order, (index, p) => {
    const score = scores[index]!;
    const nickname = profiles.get(score.user_id)?.nickname;
    return {
      rank: ranking.rankAt[p]!,
      user_id: score.user_id,
      nickname: nickname ?? WITHDRAWN_NICKNAME,
      value: score.score,
      display_value: formatQuizResult(score),
      is_withdrawn: nickname === undefined,
    };
  });
  for (let page = 0; page * SNAPSHOT_PAGE_SIZE < rows.length; page++)
    items.push(
      ...rankingPageItems(
        snapshotId,
        round,
        QUIZ_BOARD,
        page + 1,
        rows.slice(page * SNAPSHOT_PAGE_SIZE, (page + 1) * SNAPSHOT_PAGE_SIZE),
      ),
    );
  items.push(rankingIndexItem(snapshotId, round, QUIZ_BOARD, boardIndexOfEntries(ranking.order, values)));
  const buckets = valueBuckets(
    scores.map((s) => s.user_id),
    (i): QuizValues => [values[i]!, scores[i]!.score, scores[i]!.total_time_ms],
  );
  buckets.forEach((entries, bucket) =>
    items.push(rankingValuesItem(snapshotId, round, bucket, entries, QUIZ_BOARD)),
  );
  return {
    snapshot_id: snapshotId,
    inputs,
    written_at: now.toISOString(),
    entries: rows.length,
    buckets: buckets.length,
  };
}
