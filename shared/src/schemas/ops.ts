/**
 * The operator console's own calls (docs/api.md, section Operators): the tournaments with their
 * rounds, a prize draw's preview, the winners' export, and the details of a results import's dry run.
 */
import * as z from 'zod';
import { playerStatusSchema } from './schedule';
import { prizeKindSchema } from './prize';
import { auditRecordSchema, importResultSchema } from './game';

const gameGlobalId = z.string().min(1).max(64);

// ---- list-tournaments ----

const opsRoundSchema = z.object({
  round: z.number().int(),
  play_on: z.string(),
  deadline_at: z.string(),
  /** none: no results yet; provisional: imported, not final; final: marked final. */
  results: z.enum(['none', 'provisional', 'final']),
  cancelled: z.boolean(),
  /** The deadline has passed (teams are locked). */
  locked: z.boolean(),
  /** When the settlement at the deadline (carry-over, replacements) ran; null before it has. */
  settled_at: z.string().nullable(),
  deadline_note: z.string().nullable(),
  cancel_note: z.string().nullable(),
});
const opsTournamentSchema = z.object({
  game_global_id: z.string(),
  season_id: z.number().int(),
  tournament_name: z.string(),
  venue: z.string(),
  start_on: z.string(),
  end_on: z.string(),
  cancelled: z.boolean(),
  cancel_note: z.string().nullable(),
  rounds: z.array(opsRoundSchema),
});
export type OpsTournament = z.infer<typeof opsTournamentSchema>;
export const opsTournamentListSchema = z.object({ tournaments: z.array(opsTournamentSchema) });
export type OpsTournamentList = z.infer<typeof opsTournamentListSchema>;

// ---- prize draw preview and winners' export ----

const seed = z
  .string()
  .regex(/^[0-9A-Za-z_.:-]{1,64}$/, 'シードは英数字と _ . : - の64文字以内で指定してください。');
export const prizeDrawPreviewQuerySchema = z.object({ game_global_id: gameGlobalId, seed: seed.optional() });
export const prizeDrawPreviewSchema = z.object({
  game_global_id: z.string(),
  /** The seed the preview used: drawing with it picks the same winners. */
  seed: z.string(),
  prizes: z.array(
    z.object({
      prize_id: z.string(),
      name: z.string(),
      kind: prizeKindSchema,
      winners_count: z.number().int(),
      /** Already drawn: a draw keeps it unless asked to redraw. */
      drawn: z.boolean(),
      winners: z.array(z.object({ rank: z.number().int(), user_id: z.string(), nickname: z.string() })),
      /** Why the draw picks fewer winners than the prize offers; null when it picks them all. */
      shortfall: z.string().nullable(),
    }),
  ),
});
export type PrizeDrawPreview = z.infer<typeof prizeDrawPreviewSchema>;

export const winnersExportQuerySchema = z.object({ game_global_id: gameGlobalId });

// ---- results import: what a dry run would change ----

const roundValue = z.object({
  strokes: z.number().int().nullable(),
  to_par: z.number().int().nullable(),
  thru: z.number().int(),
  status: playerStatusSchema,
});
export const resultsPreviewSchema = z.object({
  /** Players whose stored result or status the import changes, in file order. */
  players: z.array(
    z.object({
      player_id: z.string(),
      name: z.string(),
      round: z.number().int(),
      before: roundValue.nullable(),
      after: roundValue,
    }),
  ),
  /** Per round: saved teams holding at least one changed player. */
  teams_affected: z.array(z.object({ round: z.number().int(), teams: z.number().int() })),
});
export type ResultsPreview = z.infer<typeof resultsPreviewSchema>;

/** POST /api/golf/ops/results: the import's result, and on a dry run what it would change. */
export const importResultsResponseSchema = importResultSchema.extend({
  preview: resultsPreviewSchema.optional(),
});

// ---- one round's stored results, as a correction starts from them ----

export const opsRoundResultsQuerySchema = z.object({
  game_global_id: gameGlobalId,
  round: z.coerce.number().int().min(1).max(4),
});
const opsResultRowSchema = z.object({
  player_id: z.string(),
  name: z.string(),
  status: playerStatusSchema,
  strokes: z.number().int().nullable(),
  to_par: z.number().int().nullable(),
  thru: z.number().int(),
  birdies: z.number().int(),
  eagles: z.number().int(),
  bogeys: z.number().int(),
  /** Names the stored row: a correction sends it back, and is refused if the row changed since. */
  version: z.string(),
});
export type OpsResultRow = z.infer<typeof opsResultRowSchema>;
export const opsRoundResultsSchema = z.object({
  game_global_id: z.string(),
  round: z.number().int(),
  results: z.enum(['none', 'provisional', 'final']),
  /** The field in the order of the stored rows, a player without a result in this round with zeros. */
  players: z.array(opsResultRowSchema),
});
export type OpsRoundResults = z.infer<typeof opsRoundResultsSchema>;

// ---- the audit log of a tournament ----

export const opsAuditLogQuerySchema = z.object({ game_global_id: gameGlobalId });
export const opsAuditLogSchema = z.object({ entries: z.array(auditRecordSchema) });
