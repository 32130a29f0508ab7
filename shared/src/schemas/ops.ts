/**
 * The operator console's own calls (docs/api.md, section Operators): the tournaments with their
 * rounds, a prize draw's preview, the winners' export, and the details of a results import's dry run.
 */
import * as z from 'zod';
import { playerStatusSchema } from './schedule';
import { prizeKindSchema, prizeRecordSchema } from './prize';
import { auditRecordSchema, importResultSchema, operatorActionResultSchema } from './game';
import { plainText } from './text';

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
  /** The cut: after which round (0: none) the best `top` and ties stay; null when the game's default applies. */
  cut: z.object({ after_round: z.number().int(), top: z.number().int() }).nullable(),
  rounds: z.array(opsRoundSchema),
});
export type OpsTournament = z.infer<typeof opsTournamentSchema>;
export const opsTournamentListSchema = z.object({ tournaments: z.array(opsTournamentSchema) });
export type OpsTournamentList = z.infer<typeof opsTournamentListSchema>;

// ---- prize draw preview and winners' export ----

export const prizeDrawPreviewQuerySchema = z.object({ game_global_id: gameGlobalId });
/**
 * What a draw would decide, without telling what its lottery will pick: the lottery's seed takes a
 * secret published only with the draw (docs/adr/0014-committed-lottery-seed.md), so before a prize is
 * drawn its places left to the lottery are counted, never named.
 */
export const prizeDrawPreviewSchema = z.object({
  game_global_id: z.string(),
  prizes: z.array(
    z.object({
      prize_id: z.string(),
      name: z.string(),
      kind: prizeKindSchema,
      winners_count: z.number().int(),
      /** Already drawn: a draw keeps it unless asked to redraw. */
      drawn: z.boolean(),
      /** A drawn prize's winners; else the places the tie-breaks before the lottery decide. */
      winners: z.array(z.object({ rank: z.number().int(), user_id: z.string(), nickname: z.string() })),
      /** Places of a prize not drawn yet that its lottery decides at the draw (0 once drawn). */
      lottery_places: z.number().int(),
      /** Who takes part: for an entry prize, the users with a team in every played round; else every user with a team. */
      entrants: z.number().int(),
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

// ---- a correction, a withdrawal or a cancel: what a dry run would change ----

const rankingImpactSchema = z.object({
  /** personal: the personal ranking types of the round tabs; guild: the guild rankings; yearly. */
  board: z.enum(['personal', 'guild', 'yearly']),
  /** The round tabs whose standings change (each one counts the rounds up to it); empty for yearly. */
  rounds: z.array(z.number().int()),
  /** The personal ranking types (1-7) that change; empty for guild and yearly. */
  types: z.array(z.number().int()),
  /** Still 速報 after the action: a round up to these is not final. */
  provisional: z.boolean(),
  /** In the operators' words: 「第2・第3ラウンドの個人ランキング（確定）：バーディー数」. */
  label: z.string(),
});
export const actionPreviewSchema = z.object({
  /**
   * Per round, saved teams the action changes: those holding the player (a correction, a
   * withdrawal), every team of a cancelled round. Rounds without such a team are left out.
   */
  teams_affected: z.array(z.object({ round: z.number().int(), teams: z.number().int() })),
  /** The rankings whose values change; empty when none does. */
  rankings: z.array(rankingImpactSchema),
  /** What else the operator should know (a round's penalty moves, a round not locked yet). */
  notes: z.array(z.string()),
});
export type ActionPreview = z.infer<typeof actionPreviewSchema>;
export type RankingImpact = z.infer<typeof rankingImpactSchema>;

/** A correction, a withdrawal or a cancel: what it did, or on a dry run (`dry_run: true`) what it would change. */
export const operatorActionPreviewResponseSchema = operatorActionResultSchema.extend({
  dry_run: z.boolean().optional(),
  preview: actionPreviewSchema.optional(),
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
export const opsAuditLogSchema = z.object({
  entries: z.array(
    auditRecordSchema.extend({
      /** Who `by` is, as operators know them: the nickname, else the e-mail address, else the id. */
      by_name: z.string(),
    }),
  ),
});

// ---- setting up a season: a tournament's settings, its field, its prizes ----

const tournamentId = z
  .string()
  .regex(/^[0-9A-Za-z_-]{1,64}$/, '大会IDは英数字と - _ の64文字以内で入力してください。');
const calendarDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日付を選んでください。');
const deadline = z.iso.datetime({ offset: true, message: '締め切りの日時を選んでください。' }).max(40);
const seasonYear = z
  .number({ message: 'シーズンを西暦で入力してください。' })
  .int()
  .min(2000, 'シーズンを西暦で入力してください。')
  .max(2100, 'シーズンを西暦で入力してください。');
export const tournamentDeadlineFields = ['deadline_r1', 'deadline_r2', 'deadline_r3', 'deadline_r4'] as const;

/**
 * POST /api/golf/ops/tournament/settings: a tournament and its 4 rounds, created or edited without
 * its field (the same columns as a tournament file, deadlines one per round).
 */
export const saveTournamentBodySchema = z
  .object({
    game_global_id: tournamentId,
    season_id: seasonYear,
    tournament_name: plainText(100),
    venue: plainText(100, { min: 0 }),
    start_on: calendarDate,
    end_on: calendarDate,
    deadline_r1: deadline,
    deadline_r2: deadline,
    deadline_r3: deadline,
    deadline_r4: deadline,
    /** After which round the cut is made (0: no cut), and how many (with ties) stay. */
    cut_after_round: z
      .number()
      .int()
      .min(0, '予選カットは0（なし）から3ラウンド後です。')
      .max(3, '予選カットは0（なし）から3ラウンド後です。'),
    cut_top: z.number().int().min(1, '予選通過は1人以上です。').max(999, '予選通過は999人までです。'),
    /**
     * false stages the tournament: stored, but out of the schedule and the console's list until saved
     * again with true. Left out: a new tournament is published, an edited one keeps its state.
     */
    published: z.boolean().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.end_on < body.start_on)
      ctx.addIssue({ code: 'custom', path: ['end_on'], message: '最終日は初日より後にしてください。' });
    tournamentDeadlineFields.forEach((field, i) => {
      const previous = tournamentDeadlineFields[i - 1];
      if (previous && Date.parse(body[field]) <= Date.parse(body[previous]))
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: `第${i + 1}ラウンドの締め切りは第${i}ラウンドより後にしてください。`,
        });
    });
  });
export type SaveTournamentBody = z.infer<typeof saveTournamentBodySchema>;

/** POST /api/golf/ops/tournament/field: players added to (or updated in) a tournament's field. */
export const importFieldBodySchema = z.object({
  game_global_id: tournamentId,
  format: z.enum(['json', 'csv']),
  /** CSV with the columns player_id,name,name_kana,country[,world_rank,is_amateur], or JSON `{ field: [...] }`. */
  content: z.string().min(1, '内容が空です。').max(2_000_000),
  dry_run: z.boolean().optional(),
});

const rank = z.number().int().min(1, '順位は1以上です。').max(100_000, '順位は100000までです。');
/**
 * POST /api/golf/ops/prizes: a prize created, or edited when one is stored for the same tournament
 * (season) and ranks, or the tournament's one entry prize.
 */
export const savePrizeBodySchema = z
  .object({
    kind: prizeKindSchema,
    /** Rank and entry prizes: their tournament. */
    game_global_id: tournamentId.optional(),
    /** Yearly prizes: their season. */
    season_id: seasonYear.optional(),
    name: z.string().trim().min(1, '賞品名を入力してください。').max(100, '賞品名は100文字以内です。'),
    description: z.string().trim().max(500, '説明は500文字以内です。'),
    image_url: z
      .union([
        z.literal(''),
        z
          .url({ protocol: /^https?$/, message: '画像のアドレスが正しくありません。' })
          .max(2000, '画像のアドレスは2000文字以内です。'),
      ])
      .optional(),
    /**
     * An image uploaded with `POST /api/uploads/presign` (purpose prize): checked, re-encoded and
     * stored as the prize's `image_url`. Without it and without `image_url` the stored image stays;
     * `image_url: ''` removes it.
     */
    image_key: z.string().min(1, 'アップロードした画像を指定してください。').max(300).optional(),
    value_yen: z.number().int().min(0, '金額は0円以上です。').max(10_000_000, '金額は1000万円までです。'),
    rank_from: rank.optional(),
    rank_to: rank.optional(),
    /** Entry prizes: how many are drawn. Rank prizes win as many as their ranks. */
    winners_count: z.number().int().min(1, '当選人数は1人以上です。').max(100_000).optional(),
  })
  .superRefine((body, ctx) => {
    const need = (field: keyof typeof body, message: string) => {
      if (body[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message });
    };
    if (body.image_key !== undefined && body.image_url !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['image_key'],
        message: '画像はアップロードかアドレスのどちらか一方にしてください。',
      });
    if (body.kind === 'yearly') need('season_id', 'シーズンを入力してください。');
    else need('game_global_id', '大会を選んでください。');
    if (body.kind === 'entry') need('winners_count', '当選人数を入力してください。');
    else {
      need('rank_from', '何位からかを入力してください。');
      need('rank_to', '何位までかを入力してください。');
      if (body.rank_from !== undefined && body.rank_to !== undefined && body.rank_to < body.rank_from)
        ctx.addIssue({
          code: 'custom',
          path: ['rank_to'],
          message: '何位までは何位からと同じか後にしてください。',
        });
    }
  });
export type SavePrizeBody = z.infer<typeof savePrizeBodySchema>;
export const savePrizeResultSchema = z.object({
  prize: prizeRecordSchema,
  created: z.boolean(),
  /** The prize was stored with these values already: nothing written, `audit` is the save that put it there. */
  already_done: z.boolean().optional(),
  audit: auditRecordSchema.nullable(),
});
export type SavePrizeResult = z.infer<typeof savePrizeResultSchema>;

/**
 * POST /api/golf/ops/prizes/retire: a prize no longer offered (`retired: true`), or offered again
 * (`false`). A drawn prize cannot be retired: its winners keep it.
 */
export const retirePrizeBodySchema = z.object({
  prize_id: z.string().regex(/^[0-9A-Za-z_-]{1,80}$/, '賞品を選んでください。'),
  retired: z.boolean({ message: '公開をやめるか、公開に戻すかを選んでください。' }),
});
export type RetirePrizeBody = z.infer<typeof retirePrizeBodySchema>;
export const retirePrizeResultSchema = z.object({
  prize: prizeRecordSchema,
  /** The prize was in that state already: nothing written, `audit` is the entry that put it there. */
  already_done: z.boolean().optional(),
  audit: auditRecordSchema.nullable(),
});
export type RetirePrizeResult = z.infer<typeof retirePrizeResultSchema>;

/** GET /api/golf/ops/prizes: a tournament's prizes and its season's yearly prizes, retired ones too. */
export const opsPrizeListQuerySchema = z.object({ game_global_id: gameGlobalId });
export const opsPrizeListSchema = z.object({
  prizes: z.array(
    prizeRecordSchema.extend({
      /** Drawn already: its winners keep it, so it cannot be retired. */
      drawn: z.boolean(),
    }),
  ),
});
export type OpsPrizeList = z.infer<typeof opsPrizeListSchema>;

// ---- migrate ----

/** The data migrations (functions/src/domain/migrations/registry.ts), each with what one call did. */
export const migrationRunSchema = z.object({
  migrations: z.array(
    z.object({
      name: z.string(),
      description: z.string(),
      /**
       * applied_before: recorded by an earlier call; applied: done and recorded by this one;
       * unfinished: this call's time ran out in it; waiting: after an unfinished one.
       */
      state: z.enum(['applied_before', 'applied', 'unfinished', 'waiting']),
      /** Items this call moved to their new keys. */
      moved: z.number().int(),
    }),
  ),
  /** Every migration is applied; false: call again, it goes on where this call stopped. */
  done: z.boolean(),
});
export type MigrationRun = z.infer<typeof migrationRunSchema>;
