import { z } from 'zod';

export const prizeKindSchema = z.enum(['game', 'entry', 'yearly']);
export type PrizeKind = z.infer<typeof prizeKindSchema>;

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
});
export type PrizeRecord = z.infer<typeof prizeRecordSchema>;

export const prizeOptionSchema = prizeRecordSchema.extend({ value: z.string(), name: z.string() });
export type PrizeOption = z.infer<typeof prizeOptionSchema>;
