import * as z from 'zod';
import { auditRecordSchema } from './game';
import { prizeKinds } from './values/prize';

export { type PrizeKind } from './values/prize';

export const prizeKindSchema = z.enum(prizeKinds);

/** A prize as stored and as the prize master lists return it (`value`/`name` added). */
export const prizeRecordSchema = z.object({
  id: z.string(),
  kind: prizeKindSchema,
  name: z.string(),
  description: z.string(),
  image_url: z.string(),
  /** Market value in yen, shown as 「1,000円」. */
  value_yen: z.number().int().min(0),
  winners_count: z.number().int().min(1),
  /** Ranks that win it (game and yearly prizes); null for lottery prizes. */
  rank_from: z.number().int().min(1).nullable(),
  rank_to: z.number().int().min(1).nullable(),
  /** Tournament it belongs to (game and entry prizes); null for yearly prizes. */
  game_global_id: z.string().nullable(),
  season_id: z.number().int(),
  order: z.number().int().min(0),
  /**
   * When an operator stopped offering it (absent while offered): a retired prize is out of the
   * prize lists and the draws until it is restored.
   */
  retired_at: z.string().optional(),
});
export type PrizeRecord = z.infer<typeof prizeRecordSchema>;

export const prizeOptionSchema = prizeRecordSchema.extend({ value: z.string(), name: z.string() });
export type PrizeOption = z.infer<typeof prizeOptionSchema>;

// ---- draws (operators) and claims (winners) ----

const prizeIdSchema = z.string().regex(/^[0-9A-Za-z_-]{1,80}$/, '賞品IDが正しくありません。');

export const drawPrizesBodySchema = z.object({
  game_global_id: z.string().min(1).max(64),
  /** Published with the result; anyone can re-run the draw with it. Generated when absent. */
  seed: z
    .string()
    .regex(/^[0-9A-Za-z_.:-]{1,64}$/, 'シードは英数字と _ . : - の64文字以内で指定してください。')
    .optional(),
  /** Draw again prizes already drawn (refused once a winner has claimed). */
  redraw: z.boolean().optional(),
  /**
   * Draw even where a prize gets fewer winners than it offers. Without it such a draw is refused
   * (409) with the reason per prize, and nothing is drawn.
   */
  accept_fewer: z.boolean().optional(),
});

export const prizeDrawResultSchema = z.object({
  game_global_id: z.string(),
  seed: z.string(),
  prizes: z.array(
    z.object({
      prize_id: z.string(),
      kind: prizeKindSchema,
      /** drawn now, or already drawn earlier (left as it was). */
      state: z.enum(['drawn', 'kept']),
      winners: z.number().int(),
      /** Set when the prize got fewer winners than it offers: why. */
      shortfall: z.string().optional(),
    }),
  ),
  /** Every prize was already drawn and none drawn again: `audit` is the draw that put them in place. */
  already_done: z.boolean().optional(),
  /** The audit entry of this draw, or of the earlier one when `already_done` (null if none was kept). */
  audit: auditRecordSchema.nullable().optional(),
});
export type PrizeDrawResult = z.infer<typeof prizeDrawResultSchema>;

/** GET /api/golf/prizes/winners: the prizes of one tournament and who won them. */
export const prizeWinnersQuerySchema = z.object({ game_global_id: z.string().min(1).max(64) });

/**
 * A tournament's prizes with their winners once drawn, for everyone (the ranking and prize screens):
 * a rank prize's winners in prize order with the place each took, an entry prize's in lottery order.
 */
export const prizeWinnersSchema = z.object({
  game_global_id: z.string(),
  prizes: z.array(
    z.object({
      prize: prizeRecordSchema,
      /** When it was drawn; null while it is not drawn yet. */
      drawn_at: z.string().nullable(),
      /** The draw's seed, published so anyone can re-run the lottery; null while not drawn. */
      seed: z.string().nullable(),
      winners: z.array(
        z.object({
          /** The tie-broken place a rank prize went to; null for a lottery prize. */
          place: z.number().int().nullable(),
          user_id: z.string(),
          nickname: z.string(),
        }),
      ),
    }),
  ),
});
export type PrizeWinners = z.infer<typeof prizeWinnersSchema>;

/** A prize the signed-in player won, with the state of its claim. */
/** A winner has this many days from the draw to ask for the prize (the claim is refused after). */
export const PRIZE_CLAIM_DAYS = 30;

/** The instant a win's claim closes: `PRIZE_CLAIM_DAYS` after the draw. */
export const prizeClaimDeadline = (wonAt: string): string =>
  new Date(Date.parse(wonAt) + PRIZE_CLAIM_DAYS * 86_400_000).toISOString();

const wonPrizeSchema = z.object({
  prize: prizeRecordSchema,
  /** The tournament of a game or entry prize; null for a yearly prize. */
  tournament_name: z.string().nullable(),
  won_at: z.string(),
  /** `prizeClaimDeadline(won_at)`. */
  claim_deadline_at: z.string(),
  claim: z.object({ email: z.string(), claimed_at: z.string() }).nullable(),
});
export type WonPrize = z.infer<typeof wonPrizeSchema>;
export const wonPrizeListSchema = z.object({ prizes: z.array(wonPrizeSchema) });

/** POST /api/golf/user_golf_game_prize(/confirm): where the winner wants the prize's details sent. */
export const prizeClaimBodySchema = z
  .object({
    id: prizeIdSchema,
    email: z.email().max(254),
    email_confirmation: z.string().max(254),
  })
  .refine((body) => body.email === body.email_confirmation, {
    path: ['email_confirmation'],
    message: '確認用のメールアドレスが一致しません。',
  });
export type PrizeClaimBody = z.input<typeof prizeClaimBodySchema>;
export const prizeClaimSchema = z.object({
  id: z.string(),
  email: z.string(),
  claimed_at: z.string().nullable(),
});
