/**
 * Corrections after final (docs/game-rules.md, Corrections): an operator replaces one player's round result,
 * with an audit record (who, when, why, before, after). Scores, ranks and points are then recomputed
 * from the corrected rows (the field's worst, and so the penalty, may move) and a note is shown.
 * Prizes already decided stay as they are unless an operator re-draws them: nothing here touches them.
 * Operator access is the caller's check.
 */
import { formatTokyoDateTime, formatToPar } from './format';
import { parseInstant } from './instant';
import type { FieldEntryRecord } from '../schedule/tournament-record';
import type { PlayerStatus } from '../schemas/schedule';
import { withStatus } from './player-status';
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

/** The values of one player's round a correction starts from and may change. */
export interface CorrectableRow {
  status: PlayerStatus;
  strokes: number | null;
  to_par: number | null;
  thru: number;
  birdies: number;
  eagles: number;
  bogeys: number;
}

/** The stored values of the player's round (zeros and no strokes when he has no result in it). */
export function correctableRow(
  entry: Pick<FieldEntryRecord, 'status' | 'rounds'>,
  round: number,
): CorrectableRow {
  const stored = entry.rounds[round - 1] ?? null;
  return {
    status: entry.status,
    strokes: stored?.strokes ?? null,
    to_par: stored?.to_par ?? null,
    thru: stored?.thru ?? 0,
    birdies: stored?.birdies ?? 0,
    eagles: stored?.eagles ?? 0,
    bogeys: stored?.bogeys ?? 0,
  };
}

/**
 * The version of a player's stored round: a digest (FNV-1a, 32 bits) of its status, its status log
 * and the round's stored result. Any change of them gives another version, so a correction made
 * from a form opened before the change is refused.
 */
export function rowVersion(
  entry: Pick<FieldEntryRecord, 'status' | 'status_log' | 'rounds'>,
  round: number,
): string {
  const text = JSON.stringify([entry.status, entry.status_log ?? [], entry.rounds[round - 1] ?? null]);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `r${round}-${hash.toString(16).padStart(8, '0')}`;
}

/**
 * The entry with one round corrected to `after`: its status takes effect in that round (a DQ voids
 * it), and its result is replaced only when a value of the result changed (`thru` 18 = completed).
 */
export function correctedEntry<T extends FieldEntryRecord>(
  entry: T,
  round: number,
  after: CorrectableRow,
  atIso: string,
): T {
  const changed = changedFields(correctableRow(entry, round), after);
  const { status, ...values } = after;
  const resultChanged = changed.some((field) => field !== 'status');
  return {
    ...withStatus(entry, status, round, atIso),
    rounds: entry.rounds.map((r, i) =>
      i === round - 1 && resultChanged ? { ...values, completed: values.thru === 18 } : r,
    ) as T['rounds'],
  };
}

/** The fields whose values differ between two rows, in the order the console shows them. */
export function changedFields(before: CorrectableRow, after: CorrectableRow): Array<keyof CorrectableRow> {
  const order: Array<keyof CorrectableRow> = [
    'status',
    'strokes',
    'to_par',
    'thru',
    'birdies',
    'eagles',
    'bogeys',
  ];
  return order.filter((field) => before[field] !== after[field]);
}

/** A player's status in the operators' words. */
export const playerStatusWords: Record<PlayerStatus, string> = {
  active: 'プレー中',
  cut: '予選落ち',
  wd: '棄権',
  dq: '失格',
};

/** The operators' names of a row's values, in the order forms and confirmations show them. */
export const correctionLabels: Record<keyof CorrectableRow, string> = {
  status: '状態',
  strokes: '打数',
  to_par: 'スコア',
  thru: 'ホール',
  birdies: 'バーディー',
  eagles: 'イーグル',
  bogeys: 'ボギー',
};

/** One value of a row as an operator reads it: 「-3」「69打」「18ホール」「棄権」, '-' when there is none. */
export function correctionValueText(field: keyof CorrectableRow, value: unknown): string {
  if (value === null || value === undefined) return '-';
  if (field === 'status') return playerStatusWords[value as PlayerStatus] ?? String(value);
  if (field === 'to_par') return formatToPar(Number(value));
  if (field === 'strokes') return `${String(value)}打`;
  if (field === 'thru') return `${String(value)}ホール`;
  return `${String(value)}回`;
}

/** What players call each value of a result (the operators' reason stays in the audit log). */
const playerWords: Record<Exclude<keyof CorrectableRow, 'status'>, string> = {
  strokes: '打数',
  to_par: 'スコア',
  thru: '終えたホール数',
  birdies: 'バーディー数',
  eagles: 'イーグル数',
  bogeys: 'ボギー数',
};

/**
 * The note players read beside re-published results: who was corrected and what, in their words,
 * e.g. '11/21(金) 7:30 山田 太郎選手のバーディー数を訂正しました'; a status is named with its new
 * value ('…選手を失格に訂正しました').
 */
export function correctionNote(correction: {
  at: string;
  name: string;
  changed: ReadonlyArray<keyof CorrectableRow>;
  after: Pick<CorrectableRow, 'status'>;
}): string {
  const values = correction.changed.flatMap((field) => (field === 'status' ? [] : [playerWords[field]]));
  const status = correction.changed.includes('status') ? playerStatusWords[correction.after.status] : null;
  const what =
    values.length === 0
      ? `を${status}に訂正しました`
      : `の${values.join('・')}を訂正しました${status ? `（状態は${status}）` : ''}`;
  return `${formatTokyoDateTime(correction.at)} ${correction.name}選手${what}`;
}
