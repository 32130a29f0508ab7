/**
 * Requests and responses of the game calls: round view, field, player detail, picks, AI selection,
 * other users' teams, the user's score, and the operator calls (docs/api.md, section Game).
 */
import * as z from 'zod';
import { playerStatusSchema, roundStatusSchema, scheduleRoundSchema } from './schedule';
import { isoInstant, plainText } from './text';

export const aiModeSchema = z.enum(['condition', 'stability', 'chance']);
/** A team slot, 1-4, typed as the game's `DraftSlot`. */
export const draftSlotSchema = z.coerce
  .number()
  .int()
  .min(1)
  .max(4)
  .pipe(z.literal([1, 2, 3, 4]));
const teamSourceSchema = z.enum(['manual', 'ai:condition', 'ai:stability', 'ai:chance', 'carry_over']);
export type TeamSource = z.infer<typeof teamSourceSchema>;

const gameGlobalId = z.string().min(1).max(64);
const playerId = z.string().min(1).max(64);

// ---- requests ----

/** `?game_global_id=`; the current tournament when absent. */
export const tournamentQuerySchema = z.object({ game_global_id: gameGlobalId.optional() });
export const roundParamsSchema = z.object({ round: z.coerce.number().int().min(1).max(4) });
export const draftParamsSchema = roundParamsSchema.extend({ draft: draftSlotSchema });
export const aiParamsSchema = roundParamsSchema.extend({ type: aiModeSchema });
export const userTeamParamsSchema = roundParamsSchema.extend({ user_id: z.string().min(1).max(128) });
export const playerParamsSchema = z.object({ player_id: playerId });

export const savePickBodySchema = z.object({ game_global_id: gameGlobalId.optional(), player_id: playerId });
export const saveTeamBodySchema = z.object({
  game_global_id: gameGlobalId.optional(),
  /** Slots 1-4 in order. */
  player_ids: z.array(playerId).length(4),
});
export const saveAiTeamBodySchema = z.object({ game_global_id: gameGlobalId.optional() });

// ---- players ----

const playerSummarySchema = z.object({
  player_id: z.string(),
  name: z.string(),
  name_kana: z.string(),
  country: z.string(),
  world_rank: z.number().int().nullable(),
  is_amateur: z.boolean(),
  photo_url: z.string().nullable(),
  status: playerStatusSchema,
});
export type PlayerSummary = z.infer<typeof playerSummarySchema>;

const seasonStatsSchema = z.object({
  average_score: z.number().nullable(),
  driving_distance: z.number().nullable(),
  fairway_rate: z.number().nullable(),
  green_in_regulation_rate: z.number().nullable(),
  average_putts: z.number().nullable(),
  scrambling_rate: z.number().nullable(),
  birdie_rate: z.number().nullable(),
  top10_count: z.number().nullable(),
  earnings_yen: z.number().nullable(),
});
export type SeasonStats = z.infer<typeof seasonStatsSchema>;

/** Radar chart values 0-100 (higher is better), min-max scaled over the round's field. */
const indicatorsSchema = z.object({
  distance: z.number().int().min(0).max(100),
  accuracy: z.number().int().min(0).max(100),
  approach: z.number().int().min(0).max(100),
  putting: z.number().int().min(0).max(100),
  scoring: z.number().int().min(0).max(100),
  form: z.number().int().min(0).max(100),
});
export type Indicators = z.infer<typeof indicatorsSchema>;

const playerRoundLineSchema = z.object({
  round: z.number().int(),
  strokes: z.number().int().nullable(),
  to_par: z.number().int().nullable(),
  birdies: z.number().int(),
  eagles: z.number().int(),
  bogeys: z.number().int(),
  thru: z.number().int(),
  completed: z.boolean(),
});

const ineligibleReasonSchema = z.enum(['wd', 'dq', 'cut', 'not_in_field']);

const fieldPlayerSchema = playerSummarySchema.extend({
  eligible: z.boolean(),
  ineligible_reason: ineligibleReasonSchema.nullable(),
  indicators: indicatorsSchema,
  stats: seasonStatsSchema,
  /** This tournament so far: to par of each completed round (index 0 = round 1). */
  tournament_rounds: z.array(z.number().int().nullable()),
  tournament_to_par: z.number().int().nullable(),
  /** AI values (to par per round, lower is better) for the three modes. */
  ai_values: z.object({ condition: z.number(), stability: z.number(), chance: z.number() }),
});
export type FieldPlayer = z.infer<typeof fieldPlayerSchema>;

export const roundFieldSchema = z.object({
  game_global_id: z.string(),
  round: z.number().int(),
  players: z.array(fieldPlayerSchema),
});
export type RoundField = z.infer<typeof roundFieldSchema>;

export const playerDetailSchema = z.object({
  player: playerSummarySchema,
  stats: seasonStatsSchema,
  indicators: indicatorsSchema.nullable(),
  game_global_id: z.string(),
  /** The player's tournament total, as the leaderboard and the draft lists show it. */
  tournament_to_par: z.number().int().nullable(),
  rounds: z.array(playerRoundLineSchema.nullable()),
});
export type PlayerDetail = z.infer<typeof playerDetailSchema>;

// ---- teams ----

const pickScoreSchema = z.object({
  kind: z.enum(['real', 'penalty', 'pending']),
  to_par: z.number().int().nullable(),
  reason: z.enum(['cut', 'wd', 'dq', 'empty']).nullable(),
});

const teamPickViewSchema = z.object({
  slot: z.number().int().min(1).max(4),
  auto: z.boolean(),
  player: playerSummarySchema,
  result: playerRoundLineSchema.nullable(),
  score: pickScoreSchema,
});
export type TeamPickView = z.infer<typeof teamPickViewSchema>;

export const roundScoreSchema = z.object({
  kind: z.enum(['scored', 'pending', 'cancelled', 'not_started']),
  score: z.number().int().nullable(),
  provisional: z.boolean(),
});
export type RoundScoreView = z.infer<typeof roundScoreSchema>;

const teamViewSchema = z.object({
  source: teamSourceSchema,
  last_saved_at: z.string(),
  /** Always 4 entries, slot 1-4; null = empty slot. */
  slots: z.array(teamPickViewSchema.nullable()).length(4),
});
export type TeamView = z.infer<typeof teamViewSchema>;

const pickWarningSchema = z.object({
  slot: z.number().int(),
  player_id: z.string(),
  reason: ineligibleReasonSchema,
  message: z.string(),
});

export const roundViewSchema = z.object({
  game_global_id: z.string(),
  tournament_name: z.string(),
  round: scheduleRoundSchema,
  is_open: z.boolean(),
  /** Whether other users' teams of this round are visible (the deadline has passed). */
  teams_visible: z.boolean(),
  team: teamViewSchema.nullable(),
  score: roundScoreSchema,
  warnings: z.array(pickWarningSchema),
  /** Notes of deadline moves and result corrections for this round, newest first. */
  notes: z.array(z.string()),
  is_copy_next_round: z.boolean(),
});
export type RoundView = z.infer<typeof roundViewSchema>;

export const savedTeamSchema = z.object({
  game_global_id: z.string(),
  round: z.number().int(),
  source: teamSourceSchema,
  last_saved_at: z.string(),
  picks: z.array(z.object({ slot: z.number().int(), player_id: z.string(), auto: z.boolean() })),
});
export type SavedTeam = z.infer<typeof savedTeamSchema>;
/** Removing a pick: the team left, or `{}` when there was no team to remove it from. */
export const savedOrNoTeamSchema = z.union([savedTeamSchema, z.strictObject({})]);

export const aiPreviewSchema = z.object({
  type: aiModeSchema,
  players: z.array(playerSummarySchema.extend({ ai_value: z.number() })),
});

export const otherTeamSchema = z.object({
  user_id: z.string(),
  round: z.number().int(),
  team: teamViewSchema.nullable(),
  score: roundScoreSchema,
});

export const myScoreSchema = z.object({
  game_global_id: z.string(),
  tournament_name: z.string(),
  rounds: z.array(
    z.object({
      round: z.number().int(),
      status: roundStatusSchema,
      deadline_at: z.string(),
      has_team: z.boolean(),
      /** 途中参加: the round's deadline passed before the player registered (its no-team score still counts). */
      late_join: z.boolean(),
      score: roundScoreSchema,
    }),
  ),
  total: z.object({ score: z.number().int(), provisional: z.boolean() }),
});
export type MyScore = z.infer<typeof myScoreSchema>;

// ---- operators ----

export const importBodySchema = z.object({
  format: z.enum(['json', 'csv']),
  /** The file's text (JSON document or CSV with a header line). */
  content: z.string().min(1).max(2_000_000),
  /** Validate and report only. */
  dry_run: z.boolean().optional(),
});

export const auditRecordSchema = z.object({
  id: z.string(),
  action: z.enum([
    'move_deadline',
    'correct_result',
    'mark_final',
    'withdraw_player',
    'cancel_round',
    'cancel_tournament',
    'import_tournament',
    'import_results',
    'draw_prizes',
    'save_tournament',
    'import_field',
    'save_prize',
    'retire_prize',
    'restore_prize',
  ]),
  game_global_id: z.string(),
  /** 0 for an action on the whole tournament. */
  round: z.number().int(),
  by: z.string(),
  at: z.string(),
  reason: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  note: z.string(),
});
export type AuditRecord = z.infer<typeof auditRecordSchema>;

export const importResultSchema = z.object({
  game_global_id: z.string(),
  imported: z.boolean(),
  /** Rows of the file (a results file has one per player and round). */
  rows: z.number().int(),
  /** Players the file names; `changed` + `unchanged` = `players`. */
  players: z.number().int(),
  changed: z.number().int(),
  unchanged: z.number().int(),
  /** Tournament import: whether the tournament itself (names, dates, deadlines) changed. */
  tournament_changed: z.boolean().optional(),
  /** The file changed nothing stored: the import that put it in place is `audit` (null if none was kept). */
  already_done: z.boolean().optional(),
  /** The audit entry of this import, or of the earlier one when `already_done`. */
  audit: auditRecordSchema.nullable().optional(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

const roundActionBodySchema = z.object({
  game_global_id: gameGlobalId,
  round: z.number().int().min(1).max(4),
});
const reason = plainText(200);
/** Check only: the answer says which teams and rankings the action would change, and nothing is written. */
const dryRun = z.boolean().optional();
export const moveDeadlineBodySchema = roundActionBodySchema.extend({
  deadline_at: isoInstant(),
  reason,
  /** Required to move a deadline to an instant already past (it locks the round's teams at once). */
  force: z.boolean().optional(),
  /** Check only: how many teams the move would lock, whether forced or not; nothing is written. */
  dry_run: dryRun,
});
export const markFinalBodySchema = roundActionBodySchema.extend({
  /** Mark final even though the round was never settled or has fewer teams than the carry-over gives. */
  force: z.boolean().optional(),
});
export const withdrawPlayerBodySchema = z.object({
  game_global_id: gameGlobalId,
  player_id: playerId,
  reason,
  dry_run: dryRun,
});
export const cancelRoundBodySchema = roundActionBodySchema.extend({ reason, dry_run: dryRun });
export const cancelTournamentBodySchema = z.object({ game_global_id: gameGlobalId, reason, dry_run: dryRun });
/** The values of one player's round a correction may change; each one left out keeps its stored value. */
const correctionValuesSchema = z.object({
  strokes: z.number().int().nullable().optional(),
  to_par: z.number().int().nullable().optional(),
  thru: z.number().int().min(0).max(18).optional(),
  birdies: z.number().int().min(0).optional(),
  eagles: z.number().int().min(0).optional(),
  bogeys: z.number().int().min(0).optional(),
  status: playerStatusSchema.optional(),
});
export type CorrectionValues = z.infer<typeof correctionValuesSchema>;
const correctionFields = Object.keys(correctionValuesSchema.shape) as Array<keyof CorrectionValues>;

/**
 * A correction sends only the values the operator changed, and the version of the row it started
 * from (`version` of GET /api/golf/ops/round/results): a row changed since is refused (409).
 */
export const correctResultBodySchema = roundActionBodySchema
  .extend({
    player_id: playerId,
    base_version: z.string().min(1).max(64),
    reason,
    dry_run: dryRun,
  })
  .extend(correctionValuesSchema.shape)
  .refine((body) => correctionFields.some((field) => body[field] !== undefined), {
    message: '訂正する値を1つ以上指定してください。',
    path: ['strokes'],
  });
export const carryOverBodySchema = z.object({ game_global_id: gameGlobalId.optional() });

export const operatorActionResultSchema = z.object({
  game_global_id: z.string(),
  round: z.number().int(),
  /**
   * Players whose counted score the action moved, each given a change record (why my score moved):
   * null when the ranking job writes them with its next publish (the ranking status counts the
   * actions still waiting), 0 when the action moves no score.
   */
  score_changes: z.number().int().nullable(),
  audit: auditRecordSchema.nullable(),
  /** Move deadline: teams saved for the round that the new deadline locks at once (0 when in the future). */
  teams_locked: z.number().int().optional(),
  /** Mark final with force: the checks it went past. */
  warnings: z.array(z.string()).optional(),
  /** A repeated action: it was already in place, and `audit` is the entry that put it there (null if none was kept). */
  already_done: z.boolean().optional(),
});
export const carryOverResultSchema = z.object({
  game_global_id: z.string(),
  rounds: z.array(
    z.object({ round: z.number().int(), carried: z.number().int(), replaced: z.number().int() }),
  ),
});
