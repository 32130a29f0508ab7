/**
 * The results feed (docs/operations.md): a tournament (field, deadlines) and round results, from
 * JSON or CSV. Every row is validated first; any error means nothing is imported and every bad row
 * is reported with its line. Importing the same file twice changes nothing; a changed value
 * overwrites the stored one (a correction) until the round is final. Used by the operator API calls
 * and, through them, by `npm run ops`.
 */
import { createHash } from 'node:crypto';
import * as z from 'zod';
import { isBeforeDeadline } from '@golf/shared/game/lock';
import { formatTokyoDateTime, tokyoCalendarDate } from '@golf/shared/game/format';
import { parseStrokes, parseThru, parseToPar } from '@golf/shared/game/feed-values';
import { withStatus } from '@golf/shared/game/player-status';
import type { FieldEntryRecord, TournamentRecord } from '@golf/shared/schedule/tournament-record';
import { playerStatusWords } from '@golf/shared/game/correction';
import { playerStatusSchema } from '@golf/shared/schemas/schedule';
import { labelOf } from '@golf/shared/schemas/zod-locale';
import { plainText } from '@golf/shared/schemas/text';
import type { ImportResult } from '@golf/shared/schemas/game';
import { playerRepository } from '../../db/repositories/player-repository';
import { tournamentRepository } from '../../db/repositories/tournament-repository';
import { auditRepository } from '../../db/repositories/audit-repository';
import { AppError, conflict } from '../../lib/errors';
import { hostTimeMs } from '../../lib/clock';
import { auditOf, earlierAudit } from './audit-entries';
import { parseCsv } from './csv';
import { stableEqual } from './stable-equal';

export type ImportFormat = 'json' | 'csv';
export interface ImportError {
  line: number;
  messages: string[];
}

/** 422 carrying every bad line; nothing was written. */
export class ImportRejected extends AppError {
  constructor(readonly lines: ImportError[]) {
    super(
      422,
      'validation_failed',
      `${lines.length}行に誤りがあるため、何も取り込みませんでした。`,
      Object.fromEntries(lines.map((l) => [`line ${l.line}`, l.messages])),
    );
  }
}

// Every message names its cell in the operators' words (the column's label, shared/src/schemas/zod-locale.ts).
const date = (label: string) =>
  z.string().regex(/^\d{4}-\d{2}-\d{2}$/, `${label}は YYYY-MM-DD（例 2026-12-03）で指定してください。`);
const deadline = (round: number) =>
  z.iso.datetime({
    offset: true,
    message: `第${round}ラウンドの締め切りは ISO 8601 の日時（例 2026-12-03T07:00:00+09:00）で指定してください。`,
  });
const optionalInt = z.preprocess(
  (v) => (v === '' || v === undefined ? null : v),
  z.coerce.number().int().nullable(),
);
const count = z.preprocess((v) => (v === '' || v === undefined ? 0 : v), z.coerce.number().int().min(0));
const bool = z.preprocess(
  (v) => (typeof v === 'string' ? ['true', '1', 'yes'].includes(v.toLowerCase()) : v),
  z.boolean(),
);

const tournamentHeaderSchema = z
  .object({
    game_global_id: z.string().min(1).max(64),
    season_id: z.coerce.number().int().min(2000).max(2100),
    tournament_name: plainText(100),
    venue: plainText(100, { min: 0 }),
    start_on: date('初日'),
    end_on: date('最終日'),
    deadlines: z.tuple([deadline(1), deadline(2), deadline(3), deadline(4)]),
    /** false stages the tournament: stored, but not in the schedule until imported again with true. */
    published: z.preprocess((v) => (v === '' || v === undefined ? true : v), bool),
    /** The cut rule: after which round (0 = no cut) the best `cut_top` and ties stay; both or neither. */
    cut_after_round: optionalInt.refine(
      (v) => v === null || (v >= 0 && v <= 3),
      '予選カットのラウンドは 0（予選カットなし）から 3 で指定してください。',
    ),
    cut_top: optionalInt.refine(
      (v) => v === null || (v >= 1 && v <= 999),
      '予選通過の人数は 1 から 999 で指定してください。',
    ),
  })
  .refine((h) => (h.cut_after_round === null) === (h.cut_top === null), {
    message:
      '予選カットのラウンドと予選通過の人数は、両方指定するか両方とも省略してください。省略すると第2ラウンドのあとに上位60位タイまでが予選通過です。',
    path: ['cut_top'],
  });
const fieldRowSchema = z.object({
  player_id: z.string().min(1).max(64),
  name: z.string().min(1).max(60),
  name_kana: z.string().max(60),
  country: z.string().min(2).max(3),
  world_rank: optionalInt.refine((v) => v === null || v > 0, '世界ランクは1以上です。'),
  is_amateur: bool.default(false),
});
/** A feed cell read by one of the parsers of shared/src/game/feed-values.ts; `message` when it is not one. */
const feedValue = <T>(parse: (value: unknown) => T | undefined, message: string) =>
  z.unknown().transform((value, ctx) => {
    const parsed = parse(value);
    if (parsed === undefined) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return parsed;
  });

const resultRowSchema = z
  .object({
    round: z.coerce.number().int().min(1).max(4),
    player_id: z.string().min(1).max(64),
    strokes: feedValue(parseStrokes, '打数は 72 や 72* のように書いてください（未確定は - か空欄）。'),
    to_par: feedValue(
      parseToPar,
      'スコアはパーとの差を E、+3、-2 のように書いてください（未確定は - か空欄）。',
    ),
    thru: feedValue(parseThru, '終えたホール数は 0 から 18 の数か F で書いてください。').pipe(
      z
        .number()
        .int()
        .min(0, '終えたホール数は 0 から 18 です。')
        .max(18, '終えたホール数は 0 から 18 です。'),
    ),
    birdies: count,
    eagles: count,
    bogeys: count,
    // A file has no choices to pick from: the message lists the values a cell may hold.
    status: z.enum(playerStatusSchema.options, {
      error: `状態は ${playerStatusSchema.options.map((status) => `${status}（${playerStatusWords[status]}）`).join('・')} のいずれかにしてください。`,
    }),
  })
  .refine((r) => r.thru < 18 || r.strokes !== null, {
    message: '18ホールを終えた選手には打数が必要です（例 70、72*）。',
    path: ['strokes'],
  })
  .refine((r) => r.thru < 18 || r.to_par !== null, {
    message: '18ホールを終えた選手にはスコアが必要です（例 E、+3、-2）。',
    path: ['to_par'],
  })
  .refine((r) => r.thru === 0 || r.thru === 18 || r.to_par !== null, {
    message: 'プレー中の選手（1〜17ホールを終えた選手）にはスコアが必要です（例 E、+3、-2）。',
    path: ['to_par'],
  });

/** The columns a CSV file must have, by kind; a missing one is reported once, on the header line. */
const requiredColumns = {
  field: ['player_id', 'name', 'name_kana', 'country'],
  results: ['game_global_id', 'round', 'player_id', 'strokes', 'to_par', 'thru', 'status'],
  tournament: [
    'game_global_id',
    'season_id',
    'tournament_name',
    'venue',
    'start_on',
    'end_on',
    'deadline_r1',
    'deadline_r2',
    'deadline_r3',
    'deadline_r4',
    'player_id',
    'name',
    'name_kana',
    'country',
  ],
} as const;

/** Parses a CSV file, refusing it whole (on line 1) when its header lacks a column the kind needs. */
function parseCsvOf(kind: keyof typeof requiredColumns, content: string) {
  const parsed = parseCsv(content);
  const missing = requiredColumns[kind].filter((column) => !parsed.header.includes(column));
  if (missing.length)
    throw new ImportRejected([
      {
        line: 1,
        messages: [
          `1行目（見出し）に ${missing.join(', ')} の列がありません。見出しは ${requiredColumns[kind].join(',')} などの列名にしてください（運用の手引きに例があります）。`,
        ],
      },
    ]);
  return parsed;
}

/** An issue's message, led by its cell's name in words where the message does not say it already. */
const messagesOf = (error: z.ZodError) =>
  error.issues.map((i) =>
    i.path.length === 0 || i.message.includes(labelOf(i.path))
      ? i.message
      : `${labelOf(i.path)}：${i.message}`,
  );

function parseJson(content: string): unknown {
  try {
    return JSON.parse(content);
  } catch {
    throw new ImportRejected([{ line: 0, messages: ['JSONの形式が正しくありません。'] }]);
  }
}

/** Longer than any API function runs (API Gateway answers within 30 seconds): a lease outlives its import. */
const IMPORT_LEASE_MS = 60_000;

/** What an import is, for its lease: who sends which file of which kind. */
export interface ImportIdentity {
  kind: 'tournament' | 'results' | 'field';
  operatorId: string;
  content: string;
}

/**
 * Runs one import that writes a tournament's field (results, field or tournament file) while no
 * other does: each writes whole field entries from what it read, so two at once would keep rows of
 * both files or undo each other's rounds. Another import of the tournament meanwhile is refused
 * (409). The lease is the import's own, named by who sends which file: the same import sent again
 * (a retry after a lost or failed answer, a double click) takes it over, since it writes the same
 * rows, so a lease that an import could not give back never refuses that import's retry. An import
 * that dies keeps the lease from every other import until it expires.
 */
export async function oneImportAtATime<T>(
  gameGlobalId: string,
  identity: ImportIdentity,
  run: () => Promise<T>,
): Promise<T> {
  const owner = createHash('sha256')
    .update(JSON.stringify([identity.kind, identity.operatorId, identity.content]))
    .digest('hex');
  const now = new Date(hostTimeMs());
  if (!(await tournamentRepository.acquireImportLease(gameGlobalId, owner, now, IMPORT_LEASE_MS)))
    throw conflict(
      'この大会には別の取り込みが進行中です。終わってから、今の内容を確かめてもう一度取り込んでください。',
    );
  try {
    return await run();
  } finally {
    await tournamentRepository.releaseImportLease(gameGlobalId, owner);
  }
}

// ---- tournament ----

interface TournamentFile {
  header: z.infer<typeof tournamentHeaderSchema>;
  field: Array<z.infer<typeof fieldRowSchema>>;
}

/**
 * JSON: `{ game_global_id, season_id, tournament_name, venue, start_on, end_on, rounds: [{ round,
 * deadline_at }], field: [...] }`; errors at line 0 (the document) or i (field[i-1]).
 * CSV: one row per player, the tournament columns repeated on every row; errors at the file line.
 */
export function parseTournamentFile(format: ImportFormat, content: string): TournamentFile {
  const errors: ImportError[] = [];
  let header: TournamentFile['header'] | undefined;
  const field: TournamentFile['field'] = [];
  const rows: Array<{ line: number; raw: unknown; headerRaw: unknown }> = [];
  if (format === 'json') {
    const doc = parseJson(content) as Record<string, unknown>;
    const rounds = Array.isArray(doc?.['rounds']) ? (doc['rounds'] as Array<Record<string, unknown>>) : [];
    const headerRaw = {
      ...doc,
      deadlines: [1, 2, 3, 4].map((n) => rounds.find((r) => Number(r?.['round']) === n)?.['deadline_at']),
    };
    const parsed = tournamentHeaderSchema.safeParse(headerRaw);
    if (parsed.success) header = parsed.data;
    else errors.push({ line: 0, messages: messagesOf(parsed.error) });
    const list = Array.isArray(doc?.['field']) ? (doc['field'] as unknown[]) : [];
    if (!list.length) errors.push({ line: 0, messages: ['選手が1人もいません。'] });
    list.forEach((raw, i) => rows.push({ line: i + 1, raw, headerRaw: null }));
  } else {
    const { rows: csvRows } = parseCsvOf('tournament', content);
    if (!csvRows.length) errors.push({ line: 1, messages: ['データ行がありません。'] });
    for (const row of csvRows) {
      const v = row.values;
      rows.push({
        line: row.line,
        raw: v,
        headerRaw: {
          ...v,
          deadlines: [v['deadline_r1'], v['deadline_r2'], v['deadline_r3'], v['deadline_r4']],
        },
      });
    }
  }
  const seen = new Set<string>();
  for (const row of rows) {
    const messages: string[] = [];
    if (row.headerRaw) {
      const parsed = tournamentHeaderSchema.safeParse(row.headerRaw);
      if (!parsed.success) messages.push(...messagesOf(parsed.error));
      else if (!header) header = parsed.data;
      else if (!stableEqual(header, parsed.data))
        messages.push(
          '大会の列（大会IDから第4ラウンドの締め切りまで）は、最初のデータ行（2行目）と同じにしてください。',
        );
    }
    const parsed = fieldRowSchema.safeParse(row.raw);
    if (!parsed.success) messages.push(...messagesOf(parsed.error));
    else if (seen.has(parsed.data.player_id))
      messages.push(`選手ID ${parsed.data.player_id} が重複しています。`);
    else {
      seen.add(parsed.data.player_id);
      field.push(parsed.data);
    }
    if (messages.length) errors.push({ line: row.line, messages });
  }
  if (header) {
    const deadlines = header.deadlines.map((d) => Date.parse(d));
    if (deadlines.some((d, i) => i > 0 && d <= deadlines[i - 1]!))
      errors.push({
        line: format === 'json' ? 0 : 2,
        messages: ['締め切りはラウンド順に遅くなる必要があります。'],
      });
  }
  if (errors.length || !header) throw new ImportRejected(errors.sort((a, b) => a.line - b.line));
  return { header, field };
}

/**
 * A field file, the players of a tournament without its settings. JSON: `{ field: [...] }` (or the
 * list itself); errors at line 0 (the document) or i (field[i-1]). CSV: one row per player with the
 * columns player_id,name,name_kana,country[,world_rank,is_amateur]; errors at the file line.
 */
export function parseFieldFile(format: ImportFormat, content: string): FieldRow[] {
  const errors: ImportError[] = [];
  const rows: Array<{ line: number; raw: unknown }> = [];
  if (format === 'json') {
    const doc = parseJson(content) as unknown;
    const list = Array.isArray(doc)
      ? (doc as unknown[])
      : Array.isArray((doc as Record<string, unknown> | null)?.['field'])
        ? ((doc as Record<string, unknown>)['field'] as unknown[])
        : [];
    list.forEach((raw, i) => rows.push({ line: i + 1, raw }));
  } else {
    for (const row of parseCsvOf('field', content).rows) rows.push({ line: row.line, raw: row.values });
  }
  if (!rows.length) errors.push({ line: format === 'json' ? 0 : 1, messages: ['選手が1人もいません。'] });
  const field: FieldRow[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    const parsed = fieldRowSchema.safeParse(row.raw);
    if (!parsed.success) errors.push({ line: row.line, messages: messagesOf(parsed.error) });
    else if (seen.has(parsed.data.player_id))
      errors.push({ line: row.line, messages: [`選手ID ${parsed.data.player_id} が重複しています。`] });
    else {
      seen.add(parsed.data.player_id);
      field.push(parsed.data);
    }
  }
  if (errors.length) throw new ImportRejected(errors);
  return field;
}

type TournamentHeader = TournamentFile['header'];
type FieldRow = TournamentFile['field'][number];

/**
 * The stored record a tournament's settings make, keeping what operators did to its rounds (results,
 * cancellations, notes, the settlement at an unchanged deadline); `lateRounds` are the rounds whose
 * deadline the settings would move although it has passed (moving one is an operator action of its own).
 */
export function tournamentRecordFrom(
  header: Omit<TournamentHeader, 'deadlines'> & { deadlines: readonly string[] },
  existing: (TournamentRecord & { published?: boolean }) | undefined,
  nowIso: string,
): { record: TournamentRecord & { published: boolean }; lateRounds: number[] } {
  const lateRounds: number[] = [];
  const rounds = header.deadlines.map((deadline, i) => {
    const before = existing?.rounds[i];
    const deadlineAt = new Date(deadline).toISOString();
    if (before && before.deadline_at !== deadlineAt && !isBeforeDeadline(nowIso, before.deadline_at))
      lateRounds.push(i + 1);
    return {
      round: i + 1,
      play_on: tokyoCalendarDate(deadlineAt),
      deadline_at: deadlineAt,
      results: before?.results ?? 'none',
      cancelled: before?.cancelled ?? false,
      deadline_note: before?.deadline_note ?? null,
      ...(before?.cancel_note ? { cancel_note: before.cancel_note } : {}),
      ...(before?.settled_at && before.deadline_at === deadlineAt
        ? {
            settled_at: before.settled_at,
            ...(before.settled_teams === undefined ? {} : { settled_teams: before.settled_teams }),
          }
        : {}),
    };
  }) as TournamentRecord['rounds'];
  const record: TournamentRecord & { published: boolean } = {
    published: header.published,
    game_global_id: header.game_global_id,
    season_id: header.season_id,
    tournament_name: header.tournament_name,
    venue: header.venue,
    start_on: header.start_on,
    end_on: header.end_on,
    cancelled: existing?.cancelled ?? false,
    ...(existing?.cancel_note ? { cancel_note: existing.cancel_note } : {}),
    ...(header.cut_after_round !== null && header.cut_top !== null
      ? { cut: { after_round: header.cut_after_round, top: header.cut_top } }
      : existing?.cut
        ? { cut: existing.cut }
        : {}),
    rounds,
  };
  return { record, lateRounds };
}

/** The message of a deadline the settings would move after it passed. */
export const lateDeadlineMessage = (round: number) =>
  `第${round}ラウンドの締め切りは過ぎています。過ぎた締め切りは「締め切りの変更」で動かしてください。`;

/** The field entries a list of players makes, keeping each stored player's status and results. */
export async function fieldEntriesFrom(gameGlobalId: string, rows: FieldRow[]) {
  const storedField = new Map((await tournamentRepository.field(gameGlobalId)).map((e) => [e.player_id, e]));
  const entries: FieldEntryRecord[] = rows.map((row) => {
    const before = storedField.get(row.player_id);
    return {
      game_global_id: gameGlobalId,
      player_id: row.player_id,
      name: row.name,
      name_kana: row.name_kana,
      country: row.country,
      world_rank: row.world_rank,
      is_amateur: row.is_amateur,
      status: before?.status ?? 'active',
      ...(before?.status_log ? { status_log: before.status_log } : {}),
      rounds: before?.rounds ?? [null, null, null, null],
    };
  });
  return { entries, changed: entries.filter((e) => !stableEqual(storedField.get(e.player_id), e)) };
}

/** Writes the changed field entries, and a profile for each player the game has never stored. */
export async function writeField(rows: FieldRow[], changed: FieldEntryRecord[]): Promise<void> {
  const profiles = await playerRepository.getMany(rows.map((row) => row.player_id));
  await playerRepository.putMany(
    rows.filter((row) => !profiles.has(row.player_id)).map((row) => ({ ...row, photo_url: null, stats: {} })),
  );
  await tournamentRepository.writeFieldEntries(changed);
}

/** Parses a file and imports it: a dry run at once, a real import holding the tournament's lease. */
function importer<F>(
  kind: ImportIdentity['kind'],
  parse: (format: ImportFormat, content: string) => F,
  /** The tournament whose lease the import holds; none when the file names no tournament. */
  leaseOf: (file: F) => string | undefined,
  run: (file: F, now: Date, dryRun: boolean, operatorId: string) => Promise<ImportResult>,
) {
  return async (
    format: ImportFormat,
    content: string,
    now: Date,
    dryRun = false,
    operatorId = 'system',
  ): Promise<ImportResult> => {
    const file = parse(format, content);
    const gameGlobalId = leaseOf(file);
    if (dryRun || gameGlobalId === undefined) return run(file, now, dryRun, operatorId);
    return oneImportAtATime(gameGlobalId, { kind, operatorId, content }, () =>
      run(file, now, dryRun, operatorId),
    );
  };
}

export const importTournament = importer(
  'tournament',
  parseTournamentFile,
  (file) => file.header.game_global_id,
  tournamentImport,
);

async function tournamentImport(
  file: TournamentFile,
  now: Date,
  dryRun: boolean,
  operatorId: string,
): Promise<ImportResult> {
  const { header } = file;
  const existing = await tournamentRepository.get(header.game_global_id);
  const { record, lateRounds } = tournamentRecordFrom(header, existing, now.toISOString());
  if (lateRounds.length)
    throw new ImportRejected(
      lateRounds.map((round) => ({ line: 0, messages: [lateDeadlineMessage(round)] })),
    );
  const { entries, changed: changedEntries } = await fieldEntriesFrom(header.game_global_id, file.field);
  const tournamentChanged = !stableEqual(existing, record);
  const result: ImportResult = {
    game_global_id: header.game_global_id,
    imported: !dryRun,
    rows: entries.length,
    players: entries.length,
    changed: changedEntries.length,
    unchanged: entries.length - changedEntries.length,
    tournament_changed: tournamentChanged,
  };
  if (dryRun) return result;
  if (!changedEntries.length && !tournamentChanged)
    return {
      ...result,
      already_done: true,
      audit: await earlierAudit(header.game_global_id, 'import_tournament'),
    };
  await writeField(file.field, changedEntries);
  if (tournamentChanged) await tournamentRepository.put(record);
  const audit = auditOf(
    { operatorId, now },
    {
      action: 'import_tournament',
      game_global_id: header.game_global_id,
      round: 0,
      reason: '大会の取り込み',
      before: null,
      after: {
        players: entries.length,
        changed: changedEntries.length,
        tournament_changed: tournamentChanged,
      },
      note: `${formatTokyoDateTime(now)} ${header.tournament_name}を取り込みました（変わった選手 ${changedEntries.length}人）`,
    },
  );
  await auditRepository.put(audit);
  return { ...result, audit };
}

// ---- results ----

type ResultRow = z.infer<typeof resultRowSchema> & { line: number };

/**
 * JSON: `{ game_global_id, results: [{ round, player_id, strokes, to_par, thru, birdies, eagles,
 * bogeys, status }] }`; errors at line i (results[i-1]). CSV: the same columns plus game_global_id.
 */
export function parseResultsFile(
  format: ImportFormat,
  content: string,
): { gameGlobalId: string; rows: ResultRow[]; errors: ImportError[] } {
  const errors: ImportError[] = [];
  const raws: Array<{ line: number; raw: Record<string, unknown> }> = [];
  let gameGlobalId = '';
  if (format === 'json') {
    const doc = parseJson(content) as Record<string, unknown>;
    gameGlobalId = typeof doc?.['game_global_id'] === 'string' ? doc['game_global_id'] : '';
    if (!gameGlobalId) errors.push({ line: 0, messages: ['game_global_id がありません。'] });
    const list = Array.isArray(doc?.['results']) ? (doc['results'] as Array<Record<string, unknown>>) : [];
    if (!list.length) errors.push({ line: 0, messages: ['結果が1行もありません。'] });
    list.forEach((raw, i) => raws.push({ line: i + 1, raw: raw ?? {} }));
  } else {
    const { rows } = parseCsvOf('results', content);
    if (!rows.length) errors.push({ line: 1, messages: ['データ行がありません。'] });
    gameGlobalId = rows[0]?.values['game_global_id'] ?? '';
    for (const row of rows) raws.push({ line: row.line, raw: row.values });
  }
  const rows: ResultRow[] = [];
  const seen = new Set<string>();
  for (const { line, raw } of raws) {
    const messages: string[] = [];
    if (format === 'csv' && raw['game_global_id'] !== gameGlobalId)
      messages.push(`game_global_id: 最初のデータ行（2行目）の ${gameGlobalId} と同じ大会にしてください。`);
    const parsed = resultRowSchema.safeParse(raw);
    if (!parsed.success) messages.push(...messagesOf(parsed.error));
    else {
      const key = `${parsed.data.round}#${parsed.data.player_id}`;
      if (seen.has(key))
        messages.push(`第${parsed.data.round}ラウンドの ${parsed.data.player_id} が重複しています。`);
      seen.add(key);
    }
    if (messages.length) errors.push({ line, messages });
    else if (parsed.success) rows.push({ ...parsed.data, line });
  }
  return { gameGlobalId, rows, errors };
}

export const importResults = importer(
  'results',
  parseResultsFile,
  (parsed) => parsed.gameGlobalId || undefined,
  resultsImport,
);

async function resultsImport(
  parsed: ReturnType<typeof parseResultsFile>,
  now: Date,
  dryRun: boolean,
  operatorId: string,
): Promise<ImportResult> {
  const record = parsed.gameGlobalId ? await tournamentRepository.get(parsed.gameGlobalId) : undefined;
  const errors = [...parsed.errors];
  if (parsed.gameGlobalId && !record)
    errors.push({ line: 0, messages: [`大会 ${parsed.gameGlobalId} は登録されていません。`] });
  const field = record ? await tournamentRepository.field(record.game_global_id) : [];
  const byId = new Map(field.map((e) => [e.player_id, structuredClone(e)]));
  if (record) {
    for (const row of parsed.rows) {
      const messages: string[] = [];
      const stored = record.rounds[row.round - 1]!;
      if (!byId.has(row.player_id)) messages.push(`${row.player_id} はこの大会のフィールドにいません。`);
      if (stored.cancelled) messages.push(`第${row.round}ラウンドは中止です。`);
      if (stored.results === 'final')
        messages.push(
          `第${row.round}ラウンドは確定済みです。確定後の変更は「結果の訂正」（理由つき）で行ってください。`,
        );
      if (isBeforeDeadline(now.toISOString(), stored.deadline_at))
        messages.push(`第${row.round}ラウンドはまだ始まっていません。`);
      if (messages.length) errors.push({ line: row.line, messages });
    }
  }
  if (errors.length || !record) throw new ImportRejected(errors.sort((a, b) => a.line - b.line));
  const before = new Map(field.map((e) => [e.player_id, e]));
  // Rows in round order, so a player's status is the one of his latest round in the file. A changed
  // status takes effect in the row's round (a DQ voids that round) and is logged with the import time.
  for (const row of [...parsed.rows].sort((a, b) => a.round - b.round)) {
    const entry = withStatus(byId.get(row.player_id)!, row.status, row.round, now.toISOString());
    byId.set(row.player_id, entry);
    entry.rounds[row.round - 1] = {
      strokes: row.strokes,
      to_par: row.to_par,
      birdies: row.birdies,
      eagles: row.eagles,
      bogeys: row.bogeys,
      thru: row.thru,
      completed: row.thru === 18,
    };
  }
  const changed = [...byId.values()].filter((e) => !stableEqual(before.get(e.player_id), e));
  const players = new Set(parsed.rows.map((row) => row.player_id)).size;
  const rounds = [...new Set(parsed.rows.map((r) => r.round))];
  const nextRecord: TournamentRecord = {
    ...record,
    rounds: record.rounds.map((r) =>
      rounds.includes(r.round) && r.results === 'none' ? { ...r, results: 'provisional' as const } : r,
    ) as TournamentRecord['rounds'],
  };
  const result: ImportResult = {
    game_global_id: record.game_global_id,
    imported: !dryRun,
    rows: parsed.rows.length,
    players,
    changed: changed.length,
    unchanged: players - changed.length,
  };
  if (dryRun) return result;
  // One round's file is logged on that round, a file of several rounds on the tournament (0).
  const round = rounds.length === 1 ? rounds[0]! : 0;
  const recordChanged = !stableEqual(record, nextRecord);
  if (!changed.length && !recordChanged)
    return {
      ...result,
      already_done: true,
      audit: await earlierAudit(record.game_global_id, 'import_results', round),
    };
  await tournamentRepository.writeFieldEntries(changed);
  if (recordChanged) await tournamentRepository.put(nextRecord);
  const audit = auditOf(
    { operatorId, now },
    {
      action: 'import_results',
      game_global_id: record.game_global_id,
      round,
      reason: '結果の取り込み',
      before: null,
      after: { rows: parsed.rows.length, players, changed: changed.length, rounds },
      note: `${formatTokyoDateTime(now)} ${[...rounds]
        .sort()
        .map((r) => `第${r}ラウンド`)
        .join('・')}の結果を取り込みました（変わった選手 ${changed.length}人）`,
    },
  );
  await auditRepository.put(audit);
  // Nothing is scored here: the ranking job, started by the handler, scores the round's frozen teams
  // from the field just written, so the answer does not wait on any player's team.
  return { ...result, audit };
}
