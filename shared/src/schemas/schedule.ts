import * as z from 'zod';

export type RoundNumber = 1 | 2 | 3 | 4;

/** scheduled: open for picks; locked: deadline passed, no results yet; provisional: results in, not final. */
export const roundStatusSchema = z.enum(['scheduled', 'locked', 'provisional', 'final', 'cancelled']);
export type RoundStatus = z.infer<typeof roundStatusSchema>;

export const scheduleRoundSchema = z.object({
  round: z.number().int().min(1).max(4),
  /** Date the round is played, Asia/Tokyo calendar date (YYYY-MM-DD). */
  play_on: z.string(),
  /** Entry deadline: an instant in UTC (ISO 8601); shown in Asia/Tokyo. */
  deadline_at: z.string(),
  status: roundStatusSchema,
  /** Set when operators moved the deadline (fog, suspension): the reason shown to players. */
  deadline_note: z.string().nullable(),
  /** Set when operators cancelled the round: why, shown to players. */
  cancel_note: z.string().nullable(),
});
export type ScheduleRound = z.infer<typeof scheduleRoundSchema>;

const tournamentStatusSchema = z.enum(['upcoming', 'in_progress', 'finished', 'cancelled']);

/** One tournament as the schedule master returns it; `value`/`name` make it a master option too. */
export const scheduleSchema = z.object({
  value: z.string(),
  name: z.string(),
  season_id: z.number().int(),
  game_global_id: z.string(),
  tournament_name: z.string(),
  venue: z.string(),
  tournament_start_on: z.string(),
  tournament_display_start_on: z.string(),
  tournament_end_on: z.string(),
  tournament_display_end_on: z.string(),
  /** The round players are playing or picking for now (1-4); 0 before the season's first deadline. */
  current_round: z.number().int().min(0).max(4),
  is_round_days_over: z.boolean(),
  status: tournamentStatusSchema,
  /** Set when operators cancelled the tournament: why, shown to players. */
  cancel_note: z.string().nullable(),
  rounds: z.array(scheduleRoundSchema),
});
export type Schedule = z.infer<typeof scheduleSchema>;

export const playerStatusSchema = z.enum(['active', 'cut', 'wd', 'dq']);
export type PlayerStatus = z.infer<typeof playerStatusSchema>;

const leaderboardRowSchema = z.object({
  player_id: z.string(),
  name: z.string(),
  name_kana: z.string(),
  country: z.string(),
  /** Shared position ("1", "T3"); null while the player has no completed round. */
  position: z.string().nullable(),
  status: playerStatusSchema,
  /** Strokes to par for each round (index 0 = round 1); null when not played yet. */
  rounds: z.array(z.number().int().nullable()),
  total_to_par: z.number().int().nullable(),
  total_strokes: z.number().int().nullable(),
  /** Holes completed in the round being played (18 when done). */
  thru: z.number().int().min(0).max(18).nullable(),
});
export type LeaderboardRow = z.infer<typeof leaderboardRowSchema>;

export const tournamentScoreQuerySchema = z.object({
  game_global_id: z.string().min(1).max(64).optional(),
});

export const tournamentScoreSchema = z.object({
  schedule: scheduleSchema,
  /** true while any round shown is not final. */
  is_provisional: z.boolean(),
  leaderboard: z.array(leaderboardRowSchema),
});
export type TournamentScore = z.infer<typeof tournamentScoreSchema>;

/**
 * GET /api/golf/clock: the game's time, never kept by a cache. The SPA sets its countdowns by the
 * server's clock rather than the phone's, from this and from the `Date` of every uncached answer.
 */
export const gameClockSchema = z.object({ now: z.iso.datetime() });
