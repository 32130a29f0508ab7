import * as z from 'zod';
import { playerStatusSchema } from '../schemas/schedule';

/** What is stored for a tournament; the schedule the API returns is derived from it at read time. */
const storedRoundSchema = z.object({
  round: z.number().int().min(1).max(4),
  play_on: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  deadline_at: z.iso.datetime(),
  results: z.enum(['none', 'provisional', 'final']),
  cancelled: z.boolean(),
  deadline_note: z.string().nullable(),
  /** Set when operators cancelled the round: the reason shown to players. */
  cancel_note: z.string().nullable().optional(),
  /**
   * When the settlement at the deadline (carry-over and replacements) finished for this round; it
   * does not run again unless the deadline moves.
   */
  settled_at: z.iso.datetime().optional(),
  /**
   * How many teams that settlement left the round with: those saved with picks and those it copied.
   * Marking the round final checks that none went missing since.
   */
  settled_teams: z.number().int().nonnegative().optional(),
});
export type StoredRound = z.infer<typeof storedRoundSchema>;

/**
 * The tournament's cut rule (shared/src/game/live-round.ts): after round `after_round` (0 = no cut)
 * the best `top` players and ties stay. Absent on tournaments imported without one: the default.
 */
const cutRuleSchema = z.object({
  after_round: z.number().int().min(0).max(3),
  top: z.number().int().min(1).max(999),
});

/** @public The stored tournament's shape (its type is what the code reads). */
export const tournamentRecordSchema = z.object({
  game_global_id: z.string().min(1).max(64),
  season_id: z.number().int(),
  tournament_name: z.string().min(1),
  venue: z.string(),
  start_on: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  end_on: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  cancelled: z.boolean(),
  /** Set when operators cancelled the tournament: the reason shown to players. */
  cancel_note: z.string().nullable().optional(),
  cut: cutRuleSchema.optional(),
  rounds: z.array(storedRoundSchema).length(4),
});
export type TournamentRecord = z.infer<typeof tournamentRecordSchema>;

/** The tournament with one round's stored values changed (an operator's action on the round). */
export const withRound = (
  record: TournamentRecord,
  round: number,
  change: Partial<StoredRound>,
): TournamentRecord => ({
  ...record,
  rounds: record.rounds.map((r) =>
    r.round === round ? { ...r, ...change } : r,
  ) as TournamentRecord['rounds'],
});

const playerRoundResultSchema = z.object({
  strokes: z.number().int().nullable(),
  to_par: z.number().int().nullable(),
  birdies: z.number().int().min(0),
  eagles: z.number().int().min(0),
  bogeys: z.number().int().min(0),
  /** Holes completed (18 = round complete). */
  thru: z.number().int().min(0).max(18),
  completed: z.boolean(),
});
export type PlayerRoundResult = z.infer<typeof playerRoundResultSchema>;

/**
 * One change of a player's status: the round it takes effect in and when it was recorded
 * (shared/src/game/player-status.ts reads it).
 */
const statusChangeSchema = z.object({
  status: playerStatusSchema,
  round: z.number().int().min(1).max(4),
  at: z.iso.datetime(),
});
export type StatusChange = z.infer<typeof statusChangeSchema>;

/** @public One player in one tournament's field, with his results so far (index 0 = round 1). */
export const fieldEntryRecordSchema = z.object({
  game_global_id: z.string(),
  player_id: z.string(),
  name: z.string(),
  name_kana: z.string(),
  country: z.string(),
  world_rank: z.number().int().positive().nullable(),
  is_amateur: z.boolean(),
  status: playerStatusSchema,
  /** Every change of `status`, oldest first; absent on entries stored before it was kept. */
  status_log: z.array(statusChangeSchema).optional(),
  rounds: z.array(playerRoundResultSchema.nullable()).length(4),
});
export type FieldEntryRecord = z.infer<typeof fieldEntryRecordSchema>;
