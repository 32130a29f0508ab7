import * as z from 'zod';

/** `POST /api/golf/round/{round}/share`: the caller's share card for a round, and its public page. */
export const shareCardSchema = z.object({
  /** The PNG (1200 x 630) on the uploads CDN; a new snapshot gives a new address. */
  image_url: z.string(),
  /** A public page with the card in its Open Graph tags, linking back with an invite. */
  share_url: z.string(),
  /** The ranking snapshot the card shows; null before the first publish. */
  snapshot_id: z.string().nullable(),
  /** Whether this call drew the card (false: the snapshot's card was already there). */
  rendered: z.boolean(),
});
export type ShareCard = z.infer<typeof shareCardSchema>;
