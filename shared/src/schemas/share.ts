import * as z from 'zod';

/**
 * `POST /api/golf/round/{round}/share`'s body (optional): whether the page invites with the caller's
 * guild join code. Off unless asked: a join code is for the people its owner gives it to.
 */
export const shareCardRequestSchema = z.object({
  with_join_code: z.boolean().default(false),
});

/** `POST /api/golf/round/{round}/share`: the caller's share card for a round, and its public page. */
export const shareCardSchema = z.object({
  /** The PNG (1200 x 630) on the uploads CDN, under a random token; a new snapshot gives a new card. */
  image_url: z.string(),
  /** A public page at an unguessable address, with the card in its Open Graph tags, linking into the game. */
  share_url: z.string(),
  /** The ranking snapshot the card shows; null before the first publish. */
  snapshot_id: z.string().nullable(),
  /** Whether this call drew the card (false: the card of this snapshot was drawn already). */
  rendered: z.boolean(),
  /** Whether the page invites with the caller's guild join code (asked for, and he owns a guild that takes one). */
  with_join_code: z.boolean(),
});
export type ShareCard = z.infer<typeof shareCardSchema>;
