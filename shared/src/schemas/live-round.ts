/**
 * GET /api/golf/round/{round}/live: a round while it is played, the same for everyone (CDN-cached):
 * the field's live state, the projected cut line and the round board's score distribution from the
 * published ranking snapshot. The browser adds the player's own team (shared/src/game/live-round.ts).
 */
import * as z from 'zod';
import { playerStatusSchema, roundStatusSchema } from './schedule';

const livePlayerSchema = z.object({
  player_id: z.string(),
  name: z.string(),
  /** Shared tournament position ("1", "T3") over the rounds up to this one; null without a score. */
  position: z.string().nullable(),
  /** The status that applies to this round. */
  status: playerStatusSchema,
  /** To par for the holes played this round; null before his first hole. */
  to_par: z.number().int().nullable(),
  /** Holes played this round (18 = done); null before any result this round. */
  thru: z.number().int().min(0).max(18).nullable(),
  completed: z.boolean(),
  /** Tournament total to par up to this round, the holes played this round included. */
  total_to_par: z.number().int().nullable(),
});

export const liveRoundSchema = z.object({
  game_global_id: z.string(),
  tournament_name: z.string(),
  round: z.number().int(),
  status: roundStatusSchema,
  /** After the deadline and before the results are final (and not cancelled). */
  is_live: z.boolean(),
  /** The round's penalty so far (the field's worst finished to-par + 1); null while nobody finished. */
  penalty: z.number().int().nullable(),
  /** The cut this round leads to; null when the tournament has none or it was made before this round. */
  cut: z
    .object({
      after_round: z.number().int(),
      top: z.number().int(),
      /** true until the round the cut follows is final. */
      projected: z.boolean(),
      /** Players at or under this total stay; null without a contender yet. */
      line_to_par: z.number().int().nullable(),
      /** How many players are at or under the line. */
      inside: z.number().int(),
    })
    .nullable(),
  players: z.array(livePlayerSchema),
  /**
   * The personal SCORE board of this round in the published snapshot: tournament totals up to this
   * round, best first, and how many players hold each. Empty before the first snapshot of the round.
   */
  board: z.object({
    snapshot_id: z.string().nullable(),
    is_provisional: z.boolean(),
    values: z.array(z.number()),
    counts: z.array(z.number().int()),
  }),
});
export type LiveRound = z.infer<typeof liveRoundSchema>;
