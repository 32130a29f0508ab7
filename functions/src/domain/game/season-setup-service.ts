/**
 * Setting up a season from the console or `npm run ops` (docs/operations.md, A new season): a
 * tournament's settings and its 4 rounds, then its field. Each writes an audit entry; saving what is
 * stored already writes nothing and answers `already_done` with the entry that put it there.
 */
import { formatTokyoDateTime } from '@golf/shared/game/format';
import type { ImportResult } from '@golf/shared/schemas/game';
import { tournamentDeadlineFields, type SaveTournamentBody } from '@golf/shared/schemas/ops';
import { tournamentRepository } from '../../db/repositories/tournament-repository';
import { auditRepository } from '../../db/repositories/audit-repository';
import { notFound, validationFailed } from '../../lib/errors';
import { auditOf, earlierAudit } from './audit-entries';
import { stableEqual } from './stable-equal';
import {
  fieldEntriesFrom,
  lateDeadlineMessage,
  oneImportAtATime,
  parseFieldFile,
  tournamentRecordFrom,
  writeField,
  type ImportFormat,
} from './import-service';

interface Actor {
  operatorId: string;
  now: Date;
}

/**
 * Creates a tournament with its 4 rounds, or edits one: names, dates, the cut and the deadlines not
 * yet passed. Its field, results and rounds' states stay as they are; a passed deadline is moved
 * only by the deadline action (422 on that round's field).
 */
export async function saveTournamentSettings(body: SaveTournamentBody, actor: Actor): Promise<ImportResult> {
  const existing = (await tournamentRepository.get(body.game_global_id)) as
    | (Awaited<ReturnType<typeof tournamentRepository.get>> & { published?: boolean })
    | undefined;
  const { record, lateRounds } = tournamentRecordFrom(
    {
      ...body,
      deadlines: tournamentDeadlineFields.map((field) => body[field]),
      published: body.published ?? existing?.published ?? true,
    },
    existing,
    actor.now.toISOString(),
  );
  if (lateRounds.length)
    throw validationFailed(
      Object.fromEntries(
        lateRounds.map((round) => [tournamentDeadlineFields[round - 1]!, [lateDeadlineMessage(round)]]),
      ),
    );
  const players = (await tournamentRepository.field(body.game_global_id)).length;
  const changed = !stableEqual(existing, record);
  const result: ImportResult = {
    game_global_id: body.game_global_id,
    imported: true,
    rows: 0,
    players,
    changed: 0,
    unchanged: players,
    tournament_changed: changed,
  };
  if (!changed)
    return {
      ...result,
      already_done: true,
      audit: await earlierAudit(body.game_global_id, 'save_tournament'),
    };
  await tournamentRepository.put(record);
  const audit = auditOf(actor, {
    action: 'save_tournament',
    game_global_id: body.game_global_id,
    round: 0,
    reason: existing ? '大会の設定の変更' : '大会の作成',
    before: existing ? settingsOf(existing) : null,
    after: settingsOf(record),
    note: `${formatTokyoDateTime(actor.now)} ${record.tournament_name}を${existing ? '変更しました' : '作りました'}`,
  });
  await auditRepository.put(audit);
  return { ...result, audit };
}

/** What the audit log keeps of a tournament's settings. */
const settingsOf = (record: NonNullable<Awaited<ReturnType<typeof tournamentRepository.get>>>) => ({
  tournament_name: record.tournament_name,
  venue: record.venue,
  start_on: record.start_on,
  end_on: record.end_on,
  deadlines: record.rounds.map((round) => round.deadline_at),
  cut: record.cut ?? null,
});

/**
 * Adds players to a stored tournament's field, or updates their names, country and ranking; a player
 * left out of the file stays in the field, and each player's status and results stay as they are.
 */
export async function importField(input: FieldImport, actor: Actor): Promise<ImportResult> {
  if (input.dryRun) return fieldImport(input, actor);
  return oneImportAtATime(
    input.gameGlobalId,
    { kind: 'field', operatorId: actor.operatorId, content: input.content },
    () => fieldImport(input, actor),
  );
}

type FieldImport = {
  gameGlobalId: string;
  format: ImportFormat;
  content: string;
  dryRun?: boolean | undefined;
};

async function fieldImport(input: FieldImport, actor: Actor): Promise<ImportResult> {
  const record = await tournamentRepository.get(input.gameGlobalId);
  if (!record) throw notFound('大会が見つかりませんでした。先に大会を作ってください。');
  const rows = parseFieldFile(input.format, input.content);
  const { entries, changed } = await fieldEntriesFrom(input.gameGlobalId, rows);
  const result: ImportResult = {
    game_global_id: input.gameGlobalId,
    imported: !input.dryRun,
    rows: rows.length,
    players: entries.length,
    changed: changed.length,
    unchanged: entries.length - changed.length,
  };
  if (input.dryRun) return result;
  if (!changed.length)
    return { ...result, already_done: true, audit: await earlierAudit(input.gameGlobalId, 'import_field') };
  await writeField(rows, changed);
  const audit = auditOf(actor, {
    action: 'import_field',
    game_global_id: input.gameGlobalId,
    round: 0,
    reason: '出場選手の取り込み',
    before: null,
    after: { players: entries.length, changed: changed.length },
    note: `${formatTokyoDateTime(actor.now)} ${record.tournament_name}の出場選手を取り込みました（変わった選手 ${changed.length}人）`,
  });
  await auditRepository.put(audit);
  return { ...result, audit };
}
