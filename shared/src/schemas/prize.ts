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
  /** The committed seed the draw used (docs/adr/0014-committed-lottery-seed.md), published with the winners. */
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

/**
 * A tournament's lottery secrets, in the order draws use them (docs/adr/0014-committed-lottery-seed.md):
 * each commitment is published from the moment the secret is made, the secret itself once a draw
 * used it.
 */
const drawCommitmentsSchema = z.array(
  z.object({
    /** sha256 of the secret, as hex. */
    commitment: z.string(),
    committed_at: z.string(),
    /** null until a draw used it. */
    secret: z.string().nullable(),
    revealed_at: z.string().nullable(),
  }),
);

/** GET /api/golf/prizes/winners: the prizes of one tournament and who won them. */
export const prizeWinnersQuerySchema = z.object({ game_global_id: z.string().min(1).max(64) });

/**
 * A tournament's prizes with their winners once drawn, for everyone (the ranking and prize screens):
 * a rank prize's winners in prize order with the place each took, an entry prize's in lottery order.
 */
export const prizeWinnersSchema = z.object({
  game_global_id: z.string(),
  /** Fixed before the results are known, so the seed cannot be chosen; empty while the tournament has none. */
  draw_commitments: drawCommitmentsSchema,
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

/** GET /api/golf/prizes/verification: `page` of the entrants (1 by default). */
export const drawVerificationQuerySchema = z.object({
  game_global_id: z.string().min(1).max(64),
  page: z.coerce.number().int().min(1).max(10_000).optional(),
});

/** Entrants listed per page of the verification answer. */
export const DRAW_ENTRANTS_PAGE_SIZE = 5000;

/**
 * Everything a player needs to re-derive a tournament's lottery winners, besides the public
 * leaderboard (GET /api/golf/schedule/score, whose digest the seed took): the secrets and their
 * commitments, every draw's digest and seed, the lottery's entrants (user ids only) and each drawn
 * prize's winners. Entrants and ties are listed once a prize is drawn.
 */
export const drawVerificationSchema = z.object({
  game_global_id: z.string(),
  draw_commitments: drawCommitmentsSchema,
  /** Every draw that picked winners, oldest first: the secret it used, the results' digest, the seed. */
  draws: z.array(
    z.object({
      secret_index: z.number().int().min(0),
      results_digest: z.string(),
      seed: z.string(),
      drawn_at: z.string(),
    }),
  ),
  /** The entry prizes' lottery entrants: users with a team in every played round, by user id. */
  entrants: z.object({
    total: z.number().int(),
    page: z.number().int(),
    pages: z.number().int(),
    user_ids: z.array(z.string()),
  }),
  prizes: z.array(
    z.object({
      prize_id: z.string(),
      kind: prizeKindSchema,
      rank_from: z.number().int().nullable(),
      rank_to: z.number().int().nullable(),
      winners_count: z.number().int(),
      /** The seed of the draw that picked its winners; null while not drawn. */
      seed: z.string().nullable(),
      /** User ids in prize order (rank prizes) or lottery order (entry prizes). */
      winners: z.array(z.string()),
      /**
       * A rank prize's candidates tied through every tie-break before the lottery, each group with
       * the first place it takes: the lottery orders them.
       */
      ties: z.array(z.object({ first_place: z.number().int(), user_ids: z.array(z.string()) })),
    }),
  ),
});
export type DrawVerification = z.infer<typeof drawVerificationSchema>;

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
