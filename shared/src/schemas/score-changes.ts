import * as z from 'zod';
import { roundScoreSchema, tournamentQuerySchema } from './game';

/**
 * Why my score moved: what changed a player's round score after its deadline, in order. Written when
 * the score step rewrites the score (operators' final marks, corrections, withdrawals, cancellations)
 * and when the deadline's settlement put AUTO players on the team.
 */
const scoreChangeCauseSchema = z.enum([
  'mark_final',
  'correct_result',
  'withdraw_player',
  'cancel_round',
  'cancel_tournament',
  'auto_replacement',
  'carry_over',
]);
export type ScoreChangeCause = z.infer<typeof scoreChangeCauseSchema>;

const scoreChangeSchema = z.object({
  id: z.string(),
  round: z.number().int().min(1).max(4),
  at: z.string(),
  cause: scoreChangeCauseSchema,
  /** The operator's reason (a correction's, a withdrawal's, a cancellation's); null for AUTO. */
  reason: z.string().nullable(),
  /** The note players read on the round page, as the operator's action wrote it. */
  note: z.string(),
  /** The round score before and after; null before when no score had been counted yet. */
  before: roundScoreSchema.nullable(),
  after: roundScoreSchema.nullable(),
  /** AUTO picks put on the team: slot, who left (null for an empty slot or a copied team) and who came. */
  replaced: z.array(
    z.object({
      slot: z.number().int().min(1).max(4),
      from_name: z.string().nullable(),
      to_name: z.string(),
    }),
  ),
});
export type ScoreChange = z.infer<typeof scoreChangeSchema>;

export const scoreChangesQuerySchema = tournamentQuerySchema.extend({
  round: z.coerce.number().int().min(1).max(4).optional(),
});

export const scoreChangesViewSchema = z.object({
  game_global_id: z.string(),
  /** Newest first. */
  changes: z.array(scoreChangeSchema),
  /**
   * The player's rank now (SCORE, in the published ranking of the round asked for, or of the
   * tournament), after every change listed; null when not ranked.
   */
  rank: z.number().int().nullable(),
  rank_provisional: z.boolean(),
});
export type ScoreChangesView = z.infer<typeof scoreChangesViewSchema>;
