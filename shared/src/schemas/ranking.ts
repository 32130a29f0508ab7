/**
 * Ranking calls (product spec section 7). Query strings arrive as text, so numbers are coerced.
 * `rank` asks for the page that holds that rank (the server computes the page); `game_global_id`
 * defaults to the current tournament.
 */
import * as z from 'zod';
import { personalRankingTypes } from '../game/personal-ranking';
import { rankingPerPageDefault, rankingPerPageMax } from './values/ranking';

export { rankingPerPageDefault } from './values/ranking';

const positiveInt = z.coerce.number().int().min(1);
/** The personal ranking types are numbered 1 to the last row of shared/src/game/personal-ranking.ts. */
const lastPersonalType = personalRankingTypes.length;
const personalType = z.number().int().min(1).max(lastPersonalType);

const gameQuery = { game_global_id: z.string().min(1).max(64).optional() };
const pagingQuery = {
  page: positiveInt.optional(),
  rank: positiveInt.optional(),
};

export const personalRankingQuerySchema = z.object({
  ...gameQuery,
  ...pagingQuery,
  type: z.coerce.number().int().min(1).max(lastPersonalType).default(1),
  round: z.coerce.number().int().min(1).max(4).optional(),
  perPage: positiveInt.max(rankingPerPageMax).default(rankingPerPageDefault),
});
export type PersonalRankingQuery = z.infer<typeof personalRankingQuerySchema>;

export const yearlyRankingQuerySchema = z.object({
  ...pagingQuery,
  type: z.coerce.number().int().min(1).max(7).default(1),
  perPage: positiveInt.max(rankingPerPageMax).default(rankingPerPageDefault),
  year: z.coerce.number().int().min(2000).max(2100).optional(),
});

/** guild_member, guild, guild_top4, quiz. */
export const roundRankingQuerySchema = z.object({
  ...gameQuery,
  ...pagingQuery,
  round: z.coerce.number().int().min(1).max(4).optional(),
});

/** user, user_quiz: the caller's own rows. */
export const ownRankingQuerySchema = z.object({
  ...gameQuery,
  round: z.coerce.number().int().min(1).max(4).optional(),
});

const rankingRowSchema = z.object({
  rank: z.number().int().min(1),
  /** A user id; a guild id on guild and guild_top4 rankings. */
  user_id: z.string(),
  guild_id: z.string().optional(),
  nickname: z.string(),
  value: z.number(),
  /** `value` formatted as section 9 says (to par, 割分厘, percent, counts). */
  display_value: z.string(),
  is_withdrawn: z.boolean(),
  /** Personal rows only: the ranking type this row belongs to (the user call returns every type). */
  type: personalType.optional(),
});
export type RankingRow = z.infer<typeof rankingRowSchema>;

const rankingMeta = {
  type: personalType.nullable(),
  title: z.string(),
  is_provisional: z.boolean(),
  snapshot_id: z.string().nullable(),
};

export const rankingPageResponseSchema = z.object({
  rankings: z.array(rankingRowSchema),
  active_round: z.number().int().min(1).max(4).nullable(),
  current_page: z.number().int().min(1),
  last_page: z.number().int().min(1),
  ...rankingMeta,
});
export type RankingPageResponse = z.infer<typeof rankingPageResponseSchema>;

export const ownRankingResponseSchema = z.object({
  rankings: z.array(rankingRowSchema),
  ...rankingMeta,
});
export type OwnRankingResponse = z.infer<typeof ownRankingResponseSchema>;

export const recomputeRankingsBodySchema = z.object(gameQuery);
/** The rankings are marked stale and the ranking job started: it publishes them (see ranking-status). */
export const recomputeRankingsResponseSchema = z.object({
  game_global_id: z.string(),
  stale_since: z.string(),
  job_started: z.boolean(),
});
export type RecomputeRankingsResponse = z.infer<typeof recomputeRankingsResponseSchema>;

export const rankingStatusQuerySchema = z.object(gameQuery);

/**
 * GET /api/golf/ops/rankings/status: the snapshot served, whether a newer one waits to be built or
 * is being built, and how the last publish went.
 */
export const rankingStatusResponseSchema = z.object({
  game_global_id: z.string(),
  served: z
    .object({
      snapshot_id: z.string(),
      created_at: z.string(),
      active_round: z.number().int().min(1).max(4),
      /** When the job finished writing it and switched readers to it. */
      published_at: z.string().nullable(),
      duration_ms: z.number().int().min(0).nullable(),
      items_written: z.number().int().min(0).nullable(),
    })
    .nullable(),
  /** A change is stored that the served snapshot does not show yet. */
  stale: z.boolean(),
  stale_since: z.string().nullable(),
  /** A ranking job holds the lease (it is building and publishing). */
  building: z.boolean(),
  building_since: z.string().nullable(),
  lease_expires_at: z.string().nullable(),
  /** Operators' actions whose change records (why my score moved) the job has still to write. */
  score_changes_pending: z.number().int().min(0),
});
export type RankingStatusResponse = z.infer<typeof rankingStatusResponseSchema>;
