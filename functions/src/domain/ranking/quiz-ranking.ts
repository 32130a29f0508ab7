/**
 * The quiz ranking of each round, written into the same snapshot as the personal rankings: the
 * users' best results of the round (`QUIZSCORE` partition), more correct answers first, then the
 * shorter total time. Board `QUIZ` in each round scope, and one rank item per user.
 */
import { competitionRanking } from '@golf/shared/game/ranking';
import { deriveSchedule } from '@golf/shared/schedule/derive-schedule';
import type { TournamentRecord } from '@golf/shared/schedule/tournament-record';
import { guildRepository } from '../../db/repositories/guild-repository';
import { quizRepository } from '../../db/repositories/quiz-repository';
import {
  rankingPageItems,
  rankingQuizUserItem,
  type RankingPointer,
  type StoredRankingRow,
} from '../../db/repositories/ranking-repository';
import { formatQuizResult, quizRankingValue } from '../quiz/quiz-attempt';
import { SNAPSHOT_PAGE_SIZE } from './build-snapshot';

export const QUIZ_BOARD = 'QUIZ';

/** Adds the quiz boards of the tournament's 4 rounds to a snapshot's items and pointer. */
export async function addQuizBoards(
  record: TournamentRecord,
  snapshotId: string,
  pointer: RankingPointer,
  items: Array<Record<string, unknown>>,
  now: Date,
): Promise<void> {
  const schedule = deriveSchedule(record, now);
  const quizOpen = schedule.status === 'upcoming' || schedule.status === 'in_progress';
  let lastWithResults: number | null = null;
  for (const round of [1, 2, 3, 4]) {
    const scores = await quizRepository.listScores(record.game_global_id, round);
    if (scores.length === 0) continue;
    lastWithResults = round;
    scores.sort((a, b) => a.user_id.localeCompare(b.user_id));
    const profiles = await guildRepository.profiles(scores.map((s) => s.user_id));
    const ranking = competitionRanking(Float64Array.from(scores.map(quizRankingValue)), 'higher');
    const rows: StoredRankingRow[] = Array.from(ranking.order, (index, p) => {
      const score = scores[index]!;
      const nickname = profiles.get(score.user_id)?.nickname;
      return {
        rank: ranking.rankAt[p]!,
        user_id: score.user_id,
        nickname: nickname ?? '退会したユーザー',
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
    for (const row of rows) items.push(rankingQuizUserItem(snapshotId, round, row));
    const scope = (pointer.scopes[String(round)] ??= { provisional: true, totals: [] });
    scope.boards = { ...scope.boards, [QUIZ_BOARD]: rows.length };
    scope.quiz_provisional = quizOpen && round === schedule.current_round;
  }
  pointer.quiz_active_round = quizOpen ? schedule.current_round : lastWithResults;
}
