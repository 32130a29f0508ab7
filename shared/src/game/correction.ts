/**
 * Corrections after final (docs/game-rules.md, Corrections): an operator replaces one player's round result,
 * with an audit record (who, when, why, before, after). Scores, ranks and points are then recomputed
 * from the corrected rows (the field's worst, and so the penalty, may move) and a note is shown.
 * Prizes already decided stay as they are unless an operator re-draws them: nothing here touches them.
 * Operator access is the caller's check.
 */
import { formatTokyoDateTime } from './format';
import { parseInstant } from './instant';
import type { PlayerRoundResult } from './scoring';

export interface ResultCorrection {
  /** Operator id. */
  by: string;
  /** ISO instant. */
  at: string;
  reason: string;
  before: PlayerRoundResult | null;
  after: PlayerRoundResult;
}

/**
 * The round's rows with `after` in place of the same player's row (or added), and the audit record.
 * Throws RangeError on a missing operator or reason, or a row of another round.
 */
export function correctResult(
  rows: readonly PlayerRoundResult[],
  after: PlayerRoundResult,
  meta: { by: string; at: string; reason: string },
): { rows: PlayerRoundResult[]; audit: ResultCorrection } {
  parseInstant(meta.at);
  if (meta.by.trim() === '') throw new RangeError('a correction needs the operator');
  if (meta.reason.trim() === '') throw new RangeError('a correction needs a reason');
  if (rows.some((r) => r.round !== after.round)) throw new RangeError('a correction applies to one round');
  const before = rows.find((r) => r.player_id === after.player_id) ?? null;
  const next = before === null ? [...rows, after] : rows.map((r) => (r === before ? after : r));
  return { rows: next, audit: { by: meta.by, at: meta.at, reason: meta.reason, before, after } };
}

/** The note shown beside re-published results: '11/21(金) 7:30 結果を訂正しました（理由）'. */
export function correctionNote(audit: Pick<ResultCorrection, 'at' | 'reason'>): string {
  return `${formatTokyoDateTime(audit.at)} 結果を訂正しました（${audit.reason}）`;
}
