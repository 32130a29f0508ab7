/**
 * Operator actions on a round: mark final, move a deadline, correct a result after final. Each
 * writes an audit record (who, when, why, before, after) with the tournament change.
 */
import {
  changedFields,
  correctableRow,
  correctedEntry,
  correctionNote,
  correctResult,
  rowVersion,
  type CorrectableRow,
} from '@golf/shared/game/correction';
import { formatTokyoDateTime } from '@golf/shared/game/format';
import { isBeforeDeadline } from '@golf/shared/game/lock';
import { withdrawalRound, withStatus } from '@golf/shared/game/player-status';
import { finalBlockers, resultFromFieldEntry } from '@golf/shared/game/scoring';
import {
  withRound,
  type FieldEntryRecord,
  type TournamentRecord,
} from '@golf/shared/schedule/tournament-record';
import type { AuditRecord, CorrectionValues } from '@golf/shared/schemas/game';
import type { PlayerStatus, RoundNumber } from '@golf/shared/schemas/schedule';
import { teamRepository } from '../../db/repositories/team-repository';
import { tournamentRepository } from '../../db/repositories/tournament-repository';
import { AppError, conflict, notFound, StaleVersionError, validationFailed } from '../../lib/errors';
import { scoreChangeTaskWrite } from './score-service';
import { indexTournamentRound } from './team-scoring';
import { auditOf, earlierAudit } from './audit-entries';
import { roundEntries, type RoundEntries } from './round-entries';
import { runCarryOver } from './carry-over-service';
import { previewAction, type TournamentState } from '../ops/action-preview';

interface RoundAction {
  gameGlobalId: string;
  round: number;
  operatorId: string;
  now: Date;
}

/** Check only: the action answers what it would change and writes nothing. */
interface DryRun {
  dryRun?: boolean | undefined;
}

/** A dry run's answer: nothing written, and the teams and rankings the action would change. */
async function dryRunAnswer(
  round: number,
  before: TournamentState,
  after: TournamentState,
  now: Date,
  playerId?: string,
) {
  return {
    game_global_id: before.record.game_global_id,
    round,
    score_changes: 0,
    audit: null,
    dry_run: true,
    preview: await previewAction(before, after, now, playerId),
  };
}

async function load(gameGlobalId: string): Promise<TournamentRecord> {
  const record = await tournamentRepository.get(gameGlobalId);
  if (!record) throw notFound('大会が見つかりませんでした。');
  return record;
}

/** The tournament changed between an action's read and its write: nothing was written. */
class TournamentChanged extends Error {}

/**
 * Stores an operator action's change of the tournament, as long as its rounds are still those the
 * action read (`readAs`); else nothing is written and the action is run again (`onFreshReads`).
 */
async function putWithAudit(
  record: TournamentRecord,
  audit: AuditRecord,
  options: Parameters<typeof tournamentRepository.putWithAudit>[2],
): Promise<'entry_changed' | null> {
  const refusal = await tournamentRepository.putWithAudit(record, audit, options);
  if (refusal === 'tournament_changed') throw new TournamentChanged();
  return refusal;
}

/**
 * Runs an operator action again from fresh reads when another change of the tournament (another
 * operator's action, a settlement) landed between its read and its write, so that neither undoes
 * the other; after a few tries the operator is asked to try again.
 */
async function onFreshReads<T>(action: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await action();
    } catch (error) {
      if (!(error instanceof TournamentChanged)) throw error;
      if (attempt === 3)
        throw conflict(
          '大会がほかの操作で同時に変わりました。今の内容を確かめてから、もう一度操作してください。',
        );
    }
  }
}

/**
 * What an operator should see before marking a round final: its teams were never settled at the
 * deadline (no carry-over run, so copies and replacements are missing), or it has fewer teams than
 * its settlement left (saved teams plus the copied ones: teams were lost since; fewer than the round
 * before is players dropping out). Either one refuses the mark unless the operator overrides it.
 * The team count comes from the round's summary once its teams are frozen (one Get).
 */
async function finalChecks(record: TournamentRecord, round: number, entries: RoundEntries) {
  const checks: string[] = [];
  const stored = record.rounds[round - 1]!;
  if (!stored.settled_at)
    checks.push(
      `第${round}ラウンドの締め切りの引き継ぎ（前のラウンドのチームの繰り越しと自動の入れ替え）がまだ実行されていません。引き継ぎと自動入れ替えのないまま確定することになります。`,
    );
  const expected = stored.settled_teams;
  if (expected !== undefined && entries.teams < expected)
    checks.push(
      `第${round}ラウンドのチームは${entries.teams}件で、締め切りの引き継ぎのあとの${expected}件（保存されたチームと前のラウンドから引き継いだチーム）より少なくなっています。`,
    );
  return checks;
}

/**
 * Marks a round's results final. Refused (409) while any picked player has neither a result nor a
 * status: a player missing from the results is pending, never a withdrawal. Refused too (409, the
 * checks in `errors.checks`) when the round was never settled at its deadline or has fewer teams
 * than the carry-over should give, unless `force` is given: then the answer carries them as `warnings`.
 */
export const markRoundFinal = (input: RoundAction & { force?: boolean | undefined }) =>
  onFreshReads(() => markRoundFinalOnce(input));

async function markRoundFinalOnce(input: RoundAction & { force?: boolean | undefined }) {
  const record = await load(input.gameGlobalId);
  const stored = record.rounds[input.round - 1]!;
  if (stored.cancelled) throw conflict('中止になったラウンドは確定できません。');
  if (stored.results === 'none') throw conflict('結果が取り込まれていないラウンドは確定できません。');
  // Already final: nothing is written again; the answer says when, by whom, and how it was done.
  if (stored.results === 'final')
    return {
      game_global_id: record.game_global_id,
      round: input.round,
      score_changes: 0,
      audit: await earlierAudit(record.game_global_id, 'mark_final', input.round),
      already_done: true,
    };
  const field = await tournamentRepository.field(record.game_global_id);
  const entries = await roundEntries(record, input.round, input.now);
  const blockers = finalBlockers(
    entries.players,
    indexTournamentRound(record, field, input.round, input.now),
  );
  if (blockers.length)
    throw new AppError(409, 'conflict', '結果がまだない選手がいるため確定できません。', {
      player_ids: blockers,
    });
  const warnings = await finalChecks(record, input.round, entries);
  if (warnings.length && !input.force)
    throw new AppError(
      409,
      'conflict',
      `確定の前に確認してください。${warnings.join('')}このまま確定するときは「確認事項があっても確定する」を選んで、もう一度確定してください。`,
      { checks: warnings },
    );
  const next = withRound(record, input.round, { results: 'final' });
  const audit = auditOf(input, {
    action: 'mark_final',
    game_global_id: record.game_global_id,
    round: input.round,
    reason: '結果確定',
    before: stored.results,
    after: 'final',
    note: `${formatTokyoDateTime(input.now)} 第${input.round}ラウンドの結果が確定しました`,
  });
  // Round 2 final settles the cut: round 1 picks learn whether they made it (ranking type 7).
  const rounds = input.round === 2 ? [1, 2] : [input.round];
  await putWithAudit(next, audit, {
    readAs: record,
    also: [scoreChangeTaskWrite({ record, field }, { record: next, field }, audit, input.now, rounds)],
  });
  return {
    game_global_id: record.game_global_id,
    round: input.round,
    score_changes: null,
    audit,
    ...(warnings.length ? { warnings } : {}),
  };
}

/**
 * Moves a round's entry deadline (fog, suspension); the note is shown on the round. An instant
 * already past locks the round's teams at once, so it is refused unless `force` is given; either
 * way the answer says how many saved teams that locks. A moved deadline is settled again: a forced
 * one at once, in this call, so the operator's answer comes once withdrawn players are replaced and
 * teams copied, and no view or share card ever shows a locked team still unsettled
 * (docs/game-rules.md, Teams and carry-over).
 */
export const moveDeadline = (input: DeadlineMove) => onFreshReads(() => moveDeadlineOnce(input));

type DeadlineMove = RoundAction &
  DryRun & { deadlineAt: string; reason: string; force?: boolean | undefined };

async function moveDeadlineOnce(input: DeadlineMove) {
  const record = await load(input.gameGlobalId);
  const stored = record.rounds[input.round - 1]!;
  const after = new Date(input.deadlineAt).toISOString();
  if (stored.cancelled) throw conflict('中止になったラウンドの締め切りは変更できません。');
  if (stored.results !== 'none') throw conflict('結果が出ているラウンドの締め切りは変更できません。');
  const nowIso = input.now.toISOString();
  const lockedNow = !isBeforeDeadline(nowIso, stored.deadline_at);
  const teamsLocked =
    !isBeforeDeadline(nowIso, after) && !lockedNow
      ? await teamRepository.countRound(record.game_global_id, input.round)
      : 0;
  if (input.dryRun) {
    // Rankings move only when the round starts or stops counting its teams (action-preview.ts).
    const field = await tournamentRepository.field(record.game_global_id);
    const moved = withRound(record, input.round, { deadline_at: after });
    const { rankings } = await previewAction({ record, field }, { record: moved, field }, input.now);
    return {
      game_global_id: record.game_global_id,
      round: input.round,
      score_changes: 0,
      audit: null,
      teams_locked: teamsLocked,
      dry_run: true,
      preview: {
        teams_affected: teamsLocked ? [{ round: input.round, teams: teamsLocked }] : [],
        rankings,
        notes: [
          !isBeforeDeadline(nowIso, after)
            ? `${formatTokyoDateTime(after)}はすでに過ぎています。このラウンドの保存済みのチームはすぐに締め切られ、前のラウンドからの引き継ぎと自動の入れ替えが行われます。`
            : lockedNow
              ? `第${input.round}ラウンドは締め切り済みです。${formatTokyoDateTime(after)}まで、チームをまた変更できるようになります。`
              : `${formatTokyoDateTime(after)}まで、保存済みのチームはこれまでどおり変更できます。`,
        ],
      },
    };
  }
  if (!isBeforeDeadline(nowIso, after) && !input.force)
    throw new AppError(
      409,
      'conflict',
      `${formatTokyoDateTime(after)}はすでに過ぎています。このラウンドの${teamsLocked}チームがただちに締め切られます。よければ「過去の時刻にする」を選んで、もう一度変更してください。`,
      { teams_locked: [String(teamsLocked)] },
    );
  const note = `締め切りを${formatTokyoDateTime(after)}に変更しました（${input.reason}）`;
  const audit = auditOf(input, {
    action: 'move_deadline',
    game_global_id: record.game_global_id,
    round: input.round,
    reason: input.reason,
    before: stored.deadline_at,
    after,
    note,
  });
  const { settled_at: _settled, settled_teams: _teams, ...unsettled } = stored;
  await putWithAudit(
    {
      ...record,
      rounds: record.rounds.map((r) =>
        r.round === input.round ? { ...unsettled, deadline_at: after, deadline_note: note } : r,
      ) as TournamentRecord['rounds'],
    },
    audit,
    { readAs: record },
  );
  if (!isBeforeDeadline(nowIso, after))
    await runCarryOver({ now: input.now, gameGlobalId: record.game_global_id });
  return {
    game_global_id: record.game_global_id,
    round: input.round,
    score_changes: 0,
    audit,
    teams_locked: teamsLocked,
  };
}

/**
 * Withdraws a player at any time, before round 1 too (audited). He withdraws from the first round he
 * has not completed: rounds he completed keep their real scores, that round and later ones score the
 * penalty. From this instant he cannot be picked; the round page warns players who have him, and at
 * the deadline a team still holding him gets the AI `condition` pick instead (AUTO). A withdrawal
 * recorded after a round's deadline is scored as the penalty for that round, never swapped in.
 */
export async function withdrawPlayer(
  input: DryRun & {
    gameGlobalId: string;
    playerId: string;
    reason: string;
    operatorId: string;
    now: Date;
  },
) {
  const record = await load(input.gameGlobalId);
  if (record.cancelled) throw conflict('中止になった大会です。');
  const field = await tournamentRepository.field(record.game_global_id);
  const entry = field.find((e) => e.player_id === input.playerId);
  if (!entry) throw notFound('この大会のフィールドにいない選手です。');
  if (entry.status !== 'active') throw conflict(`この選手はすでに${playerStatusLabels[entry.status]}です。`);
  const round = withdrawalRound(entry);
  if (round === null) throw conflict('全ラウンドを終えた選手は棄権にできません。');
  if (record.rounds[round - 1]!.results === 'final')
    throw conflict(
      `第${round}ラウンドは確定済みです。確定後の変更は「結果の訂正」（理由つき）で行ってください。`,
    );
  const nowIso = input.now.toISOString();
  const withdrawn = withStatus(entry, 'wd', round, nowIso);
  const nextField = field.map((e) => (e.player_id === withdrawn.player_id ? withdrawn : e));
  if (input.dryRun)
    return dryRunAnswer(round, { record, field }, { record, field: nextField }, input.now, entry.player_id);
  const audit = auditOf(input, {
    action: 'withdraw_player',
    game_global_id: record.game_global_id,
    round,
    reason: input.reason,
    before: { player_id: entry.player_id, status: entry.status },
    after: { player_id: entry.player_id, status: 'wd', round },
    note: `${formatTokyoDateTime(input.now)} ${entry.name}選手が第${round}ラウンドから棄権しました（${input.reason}）`,
  });
  await tournamentRepository.putFieldEntryWithAudit(withdrawn, audit, [
    scoreChangeTaskWrite({ record, field }, { record, field: nextField }, audit, input.now),
  ]);
  return { game_global_id: record.game_global_id, round, score_changes: null, audit };
}

const playerStatusLabels: Record<PlayerStatus, string> = {
  active: '出場中',
  cut: '予選落ち',
  wd: '棄権',
  dq: '失格',
};

/**
 * Cancels one round (audited): it counts for nobody, saves to it are refused, results are no longer
 * imported into it, and its scores are written again as cancelled. A round can be cancelled once.
 */
export const cancelRound = (input: RoundAction & DryRun & { reason: string }) =>
  onFreshReads(() => cancelRoundOnce(input));

async function cancelRoundOnce(input: RoundAction & DryRun & { reason: string }) {
  const record = await load(input.gameGlobalId);
  if (record.cancelled) throw conflict('中止になった大会です。');
  const stored = record.rounds[input.round - 1]!;
  if (stored.cancelled) throw conflict(`第${input.round}ラウンドはすでに中止です。`);
  const note = `第${input.round}ラウンドは中止になりました（${input.reason}）。このラウンドはどのユーザーのスコアにも数えません。`;
  const next = withRound(record, input.round, { cancelled: true, cancel_note: note });
  const field = await tournamentRepository.field(record.game_global_id);
  if (input.dryRun) return dryRunAnswer(input.round, { record, field }, { record: next, field }, input.now);
  const audit = auditOf(input, {
    action: 'cancel_round',
    game_global_id: record.game_global_id,
    round: input.round,
    reason: input.reason,
    before: { cancelled: false, results: stored.results },
    after: { cancelled: true },
    note: `${formatTokyoDateTime(input.now)} ${note}`,
  });
  await putWithAudit(next, audit, {
    readAs: record,
    also: [scoreChangeTaskWrite({ record, field }, { record: next, field }, audit, input.now, [input.round])],
  });
  return { game_global_id: record.game_global_id, round: input.round, score_changes: null, audit };
}

/**
 * Cancels a whole tournament (audited): every round counts for nobody, it gives no yearly points,
 * and saves and imports are refused. Prizes already drawn stay; no new draw is possible.
 */
export const cancelTournament = (input: TournamentCancellation) =>
  onFreshReads(() => cancelTournamentOnce(input));

type TournamentCancellation = DryRun & {
  gameGlobalId: string;
  reason: string;
  operatorId: string;
  now: Date;
};

async function cancelTournamentOnce(input: TournamentCancellation) {
  const record = await load(input.gameGlobalId);
  if (record.cancelled) throw conflict('この大会はすでに中止です。');
  const note = `${record.tournament_name}は中止になりました（${input.reason}）。この大会のスコアと年間ポイントはありません。`;
  const next: TournamentRecord = {
    ...record,
    cancelled: true,
    cancel_note: note,
    rounds: record.rounds.map((r) =>
      r.cancelled ? r : { ...r, cancelled: true, cancel_note: note },
    ) as TournamentRecord['rounds'],
  };
  const field = await tournamentRepository.field(record.game_global_id);
  if (input.dryRun) return dryRunAnswer(0, { record, field }, { record: next, field }, input.now);
  const audit = auditOf(input, {
    action: 'cancel_tournament',
    game_global_id: record.game_global_id,
    round: 0,
    reason: input.reason,
    before: {
      cancelled: false,
      rounds: record.rounds.map((r) => ({ round: r.round, cancelled: r.cancelled })),
    },
    after: { cancelled: true },
    note: `${formatTokyoDateTime(input.now)} ${note}`,
  });
  await putWithAudit(next, audit, {
    readAs: record,
    also: [scoreChangeTaskWrite({ record, field }, { record: next, field }, audit, input.now)],
  });
  return { game_global_id: record.game_global_id, round: 0, score_changes: null, audit };
}

export interface CorrectionInput extends RoundAction, DryRun {
  playerId: string;
  /** The version of the row the operator started from (`rowVersion`). */
  baseVersion: string;
  /** Only the values the operator changed; every other one keeps its stored value. */
  changes: CorrectionValues;
  reason: string;
}

/** A correction made from a row that changed since: 409 with the row as it is stored now. */
function staleRow(entry: FieldEntryRecord, round: number) {
  return new StaleVersionError(
    'この選手の結果は、フォームを開いたあとで変わりました。今の値を確かめてから、もう一度訂正してください。',
    {
      player_id: entry.player_id,
      name: entry.name,
      ...correctableRow(entry, round),
      version: rowVersion(entry, round),
    },
  );
}

/**
 * Changes the values the operator changed in one player's result of a final round, and nothing else
 * of the row; scores of the round are recomputed. Refused (409 with the stored row) when the row is
 * no longer the version the operator started from, checked again inside the write.
 */
export const correctFinalResult = (input: CorrectionInput) =>
  onFreshReads(() => correctFinalResultOnce(input));

async function correctFinalResultOnce(input: CorrectionInput) {
  const record = await load(input.gameGlobalId);
  const stored = record.rounds[input.round - 1]!;
  if (stored.results !== 'final')
    throw conflict('確定前のラウンドは、正しい結果のファイルを取り込み直して直してください。');
  if (isBeforeDeadline(input.now.toISOString(), stored.deadline_at))
    throw conflict('このラウンドはまだ始まっていません。');
  const field = await tournamentRepository.field(record.game_global_id);
  const entry = field.find((e) => e.player_id === input.playerId);
  if (!entry) throw notFound('この大会のフィールドにいない選手です。');
  if (rowVersion(entry, input.round) !== input.baseVersion) throw staleRow(entry, input.round);
  const before = correctableRow(entry, input.round);
  const defined = Object.fromEntries(
    Object.entries(input.changes).filter(([, value]) => value !== undefined),
  ) as Partial<CorrectableRow>;
  const after: CorrectableRow = { ...before, ...defined };
  const changed = changedFields(before, after);
  if (changed.length === 0)
    throw validationFailed({ strokes: ['今の値と同じです。変える値を入力してください。'] });
  const round = input.round as RoundNumber;
  const storedResult = entry.rounds[input.round - 1] ?? null;
  const corrected = correctedEntry(entry, input.round, after, input.now.toISOString());
  const rows = field.map((e) => resultFromFieldEntry(e, round)).filter((r) => r !== null);
  const correctedRow = resultFromFieldEntry(corrected, round);
  if (!correctedRow) throw validationFailed({ strokes: ['このラウンドの結果を入力してください。'] });
  const nextField = field.map((e) => (e.player_id === corrected.player_id ? corrected : e));
  if (input.dryRun)
    return dryRunAnswer(
      input.round,
      { record, field },
      { record, field: nextField },
      input.now,
      entry.player_id,
    );
  const { audit: correction } = correctResult(rows, correctedRow, {
    by: input.operatorId,
    at: input.now.toISOString(),
    reason: input.reason,
  });
  const pick = (row: CorrectableRow) => Object.fromEntries(changed.map((field) => [field, row[field]]));
  const audit = auditOf(input, {
    action: 'correct_result',
    game_global_id: record.game_global_id,
    round: input.round,
    reason: correction.reason,
    before: { player_id: entry.player_id, name: entry.name, ...pick(before), result: storedResult },
    after: {
      player_id: entry.player_id,
      name: entry.name,
      ...pick(after),
      result: corrected.rounds[input.round - 1],
    },
    note: correctionNote({ at: correction.at, name: entry.name, changed, after }),
  });
  const refusal = await putWithAudit(record, audit, {
    readAs: record,
    entry: corrected,
    expectedEntry: entry,
    also: [scoreChangeTaskWrite({ record, field }, { record, field: nextField }, audit, input.now)],
  });
  if (refusal === 'entry_changed') {
    const now = (await tournamentRepository.field(record.game_global_id)).find(
      (e) => e.player_id === entry.player_id,
    );
    throw staleRow(now ?? entry, input.round);
  }
  return { game_global_id: record.game_global_id, round: input.round, score_changes: null, audit };
}
