import * as z from 'zod';

/**
 * A player's season on my page: per tournament of the season that has started, each played round's
 * team score and the player's SCORE rank after it (the standings after that round), and the yearly
 * points the tournament gives (floor(1000 x (N - rank + 1) / N), shared/src/game/yearly-points.ts).
 */
export const seasonHistoryQuerySchema = z.object({
  /** The season (year); the current tournament's season when absent. */
  year: z.coerce.number().int().min(2000).max(2100).optional(),
});
export type SeasonHistoryQuery = z.infer<typeof seasonHistoryQuerySchema>;

const seasonRoundSchema = z.object({
  round: z.number().int().min(1).max(4),
  /** The day the round is played (Asia/Tokyo calendar date, YYYY-MM-DD). */
  play_on: z.string(),
  /** The team's round score (strokes to par; no team = 4 x the penalty); null while pending or cancelled. */
  score: z.number().int().nullable(),
  /** The player's SCORE rank after this round, shared on ties; null when not ranked. */
  rank: z.number().int().min(1).nullable(),
  /** Players ranked after this round. */
  ranked: z.number().int().min(0),
  cancelled: z.boolean(),
});
export type SeasonRound = z.infer<typeof seasonRoundSchema>;

const seasonTournamentSchema = z.object({
  game_global_id: z.string(),
  tournament_name: z.string(),
  start_on: z.string(),
  /** Rounds whose deadline has passed, in order. */
  rounds: z.array(seasonRoundSchema),
  /** Yearly points from this tournament; null when the player did not enter or it was cancelled. */
  points: z.number().int().min(0).nullable(),
  /** Entrants N of the points formula. */
  entrants: z.number().int().min(0),
  /** Results not yet final: the figures can still move. */
  provisional: z.boolean(),
});

export const seasonHistorySchema = z.object({
  season_id: z.number().int(),
  /** Tournaments in start order. */
  tournaments: z.array(seasonTournamentSchema),
});
export type SeasonHistory = z.infer<typeof seasonHistorySchema>;
