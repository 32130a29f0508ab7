/**
 * When a round's quiz takes attempts and when it shows its answers (docs/game-rules.md, 「ゴルフクイズ」;
 * docs/adr/0013-quiz-answers-sealed-until-close.md). A round's quiz is open while that round is the
 * one open for picks, and closes at the round's entry deadline (or when the round or the tournament is
 * cancelled). Until then no player is told which choice is right, in any form: what an answer tells
 * would let another account score without knowing.
 */
import { isBeforeDeadline } from '@golf/shared/game/lock';
import { deriveSchedule } from '@golf/shared/schedule/derive-schedule';
import type { TournamentRecord } from '@golf/shared/schedule/tournament-record';

/** Attempts may start and answers are taken: the round is the one open for picks. */
export function isQuizOpen(record: TournamentRecord, round: number, now: Date): boolean {
  const schedule = deriveSchedule(record, now);
  return (
    (schedule.status === 'upcoming' || schedule.status === 'in_progress') &&
    schedule.current_round === round &&
    schedule.rounds[round - 1]?.status === 'scheduled'
  );
}

/** The quiz has closed: its correct choices, explanations, scores and ranking are shown. */
export function isQuizClosed(record: TournamentRecord, round: number, now: Date): boolean {
  const stored = record.rounds[round - 1];
  if (!stored) return false;
  return record.cancelled || stored.cancelled || !isBeforeDeadline(now.toISOString(), stored.deadline_at);
}

/** The instant the round's quiz closes, as the schedule stands now (an operator may move it). */
export const quizClosesAt = (record: TournamentRecord, round: number): string | null =>
  record.rounds[round - 1]?.deadline_at ?? null;
