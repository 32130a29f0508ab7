/**
 * Why my score moved: when an operator's action (a correction, a withdrawal, a cancellation, a final
 * mark) changes what a player's team counts, the player gets a change record with the score before
 * and after, written by the ranking job (`domain/ranking/io/score-change-tasks.ts`). Team scores
 * themselves are never stored: the rankings score each round's teams from the field's results
 * (`domain/ranking`), so a results import writes no per-player item.
 */
import type { AuditRecord } from '@golf/shared/schemas/game';
import { isBeforeDeadline } from '@golf/shared/game/lock';
import type { TeamScoreRecord } from './team-scoring';
import {
  scoreChangeTaskPut,
  type ScoreChangeRecord,
  type ScoringState,
} from '../../db/repositories/score-change-repository';
import { stableEqual } from './stable-equal';

/** What a player sees of a stored score. */
const counted = (score: TeamScoreRecord) => ({
  kind: score.kind,
  score: score.score,
  provisional: score.provisional,
});

/** The change record of one team's score an operator's action moved, or null (nothing a player sees changed). */
export function scoreChange(
  audit: AuditRecord,
  previous: TeamScoreRecord | undefined,
  score: TeamScoreRecord,
): ScoreChangeRecord | null {
  const from = previous ? counted(previous) : null;
  const to = counted(score);
  if (from && stableEqual(from, to)) return null;
  return {
    game_global_id: score.game_global_id,
    round: score.round,
    user_id: score.user_id,
    id: audit.id,
    at: audit.at,
    cause: audit.action as ScoreChangeRecord['cause'],
    reason: audit.action === 'mark_final' ? null : audit.reason,
    note: audit.note,
    before: from,
    after: to,
    replaced: [],
  };
}

/**
 * What an operator's action leaves for the ranking job, as the write of its transaction: the change
 * records of every team it moved, in the action's locked rounds (or only `rounds`), scored before
 * and after it. Nothing reads a round's teams in the request.
 */
export function scoreChangeTaskWrite(
  before: ScoringState,
  after: ScoringState,
  audit: AuditRecord,
  now: Date,
  rounds?: readonly number[],
) {
  return scoreChangeTaskPut({
    game_global_id: after.record.game_global_id,
    audit,
    rounds: after.record.rounds
      .filter(
        (r) => (!rounds || rounds.includes(r.round)) && !isBeforeDeadline(now.toISOString(), r.deadline_at),
      )
      .map((r) => r.round),
    before,
    after,
  });
}
