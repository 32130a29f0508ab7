/**
 * Operator actions on a round: mark final, move a deadline, correct a result after final. Each
 * writes an audit record (who, when, why, before, after) with the tournament change.
 */
import { ulid } from 'ulid';
import { correctionNote, correctResult } from '@golf/shared/game/correction';
import { formatTokyoDateTime } from '@golf/shared/game/format';
import { isBeforeDeadline } from '@golf/shared/game/lock';
import { finalBlockers, resultFromFieldEntry } from '@golf/shared/game/scoring';
import type { TournamentRecord } from '@golf/shared/schedule/tournament-record';
import type { AuditRecord } from '@golf/shared/schemas/game';
import type { PlayerStatus, RoundNumber } from '@golf/shared/schemas/schedule';
import { resultsRepository } from '../../db/repositories/results-repository';
import { teamRepository } from '../../db/repositories/team-repository';
import { tournamentRepository } from '../../db/repositories/tournament-repository';
import { AppError, conflict, notFound } from '../../lib/errors';
import { recomputeScores } from './score-service';
import { indexTournamentRound } from './team-scoring';

interface RoundAction {
  gameGlobalId: string;
  round: number;
  operatorId: string;
  now: Date;
}

async function load(gameGlobalId: string): Promise<TournamentRecord> {
  const record = await tournamentRepository.get(gameGlobalId);
  if (!record) throw notFound('大会が見つかりませんでした。');
  return record;
}

const withRound = (
  record: TournamentRecord,
  round: number,
  change: Partial<TournamentRecord['rounds'][number]>,
) => ({
  ...record,
  rounds: record.rounds.map((r) =>
    r.round === round ? { ...r, ...change } : r,
  ) as TournamentRecord['rounds'],
});

/**
 * Marks a round's results final. Refused (409) while any picked player has neither a result nor a
 * status: a player missing from the results is pending, never a withdrawal.
 */
export async function markRoundFinal(input: RoundAction) {
  const record = await load(input.gameGlobalId);
  const stored = record.rounds[input.round - 1]!;
  if (stored.cancelled) throw conflict('中止になったラウンドは確定できません。');
  if (stored.results === 'none') throw conflict('結果が取り込まれていないラウンドは確定できません。');
  const field = await tournamentRepository.field(record.game_global_id);
  if (stored.results !== 'final') {
    const teams = await teamRepository.listRound(record.game_global_id, input.round);
    const blockers = finalBlockers(
      teams.flatMap((t) => t.picks.map((p) => p.player_id)),
      indexTournamentRound(record, field, input.round, input.now),
    );
    if (blockers.length)
      throw new AppError(409, 'conflict', '結果がまだない選手がいるため確定できません。', {
        player_ids: blockers,
      });
  }
  const next = withRound(record, input.round, { results: 'final' });
  const audit: AuditRecord = {
    id: ulid(input.now.getTime()),
    action: 'mark_final',
    game_global_id: record.game_global_id,
    round: input.round,
    by: input.operatorId,
    at: input.now.toISOString(),
    reason: '結果確定',
    before: stored.results,
    after: 'final',
    note: `${formatTokyoDateTime(input.now)} 第${input.round}ラウンドの結果が確定しました`,
  };
  if (stored.results !== 'final') await resultsRepository.putTournamentWithAudit(next, audit);
  // Round 2 final settles the cut: round 1 picks learn whether they made it (ranking type 7).
  const rounds = input.round === 2 ? [1, 2] : [input.round];
  const written = await recomputeScores(next, input.now, { field, rounds });
  return {
    game_global_id: record.game_global_id,
    round: input.round,
    scores_written: written,
    audit: stored.results === 'final' ? null : audit,
  };
}

/** Moves a round's entry deadline (fog, suspension); the note is shown on the round. */
export async function moveDeadline(input: RoundAction & { deadlineAt: string; reason: string }) {
  const record = await load(input.gameGlobalId);
  const stored = record.rounds[input.round - 1]!;
  const after = new Date(input.deadlineAt).toISOString();
  if (stored.results !== 'none') throw conflict('結果が出ているラウンドの締め切りは変更できません。');
  const note = `締め切りを${formatTokyoDateTime(after)}に変更しました（${input.reason}）`;
  const audit: AuditRecord = {
    id: ulid(input.now.getTime()),
    action: 'move_deadline',
    game_global_id: record.game_global_id,
    round: input.round,
    by: input.operatorId,
    at: input.now.toISOString(),
    reason: input.reason,
    before: stored.deadline_at,
    after,
    note,
  };
  await resultsRepository.putTournamentWithAudit(
    withRound(record, input.round, { deadline_at: after, deadline_note: note }),
    audit,
  );
  return { game_global_id: record.game_global_id, round: input.round, scores_written: 0, audit };
}

export interface CorrectionInput extends RoundAction {
  playerId: string;
  result: {
    strokes: number | null;
    to_par: number | null;
    thru: number;
    birdies: number;
    eagles: number;
    bogeys: number;
  };
  status: PlayerStatus;
  reason: string;
}

/** Replaces one player's result of a final round; scores of the round are recomputed. */
export async function correctFinalResult(input: CorrectionInput) {
  const record = await load(input.gameGlobalId);
  const stored = record.rounds[input.round - 1]!;
  if (stored.results !== 'final')
    throw conflict('確定前のラウンドは結果の取り込み（import-results）で修正してください。');
  if (isBeforeDeadline(input.now.toISOString(), stored.deadline_at))
    throw conflict('このラウンドはまだ始まっていません。');
  const field = await tournamentRepository.field(record.game_global_id);
  const entry = field.find((e) => e.player_id === input.playerId);
  if (!entry) throw notFound('この大会のフィールドにいない選手です。');
  const round = input.round as RoundNumber;
  const corrected = {
    ...entry,
    status: input.status,
    rounds: entry.rounds.map((r, i) =>
      i === input.round - 1 ? { ...input.result, completed: input.result.thru === 18 } : r,
    ) as typeof entry.rounds,
  };
  const rows = field.map((e) => resultFromFieldEntry(e, round)).filter((r) => r !== null);
  const { audit: correction } = correctResult(rows, resultFromFieldEntry(corrected, round)!, {
    by: input.operatorId,
    at: input.now.toISOString(),
    reason: input.reason,
  });
  const audit: AuditRecord = {
    id: ulid(input.now.getTime()),
    action: 'correct_result',
    game_global_id: record.game_global_id,
    round: input.round,
    by: correction.by,
    at: correction.at,
    reason: correction.reason,
    before: { status: entry.status, result: entry.rounds[input.round - 1] },
    after: { status: corrected.status, result: corrected.rounds[input.round - 1] },
    note: correctionNote(correction),
  };
  await resultsRepository.putTournamentWithAudit(record, audit, corrected);
  const nextField = field.map((e) => (e.player_id === corrected.player_id ? corrected : e));
  const written = await recomputeScores(record, input.now, { field: nextField });
  return { game_global_id: record.game_global_id, round: input.round, scores_written: written, audit };
}
