/** The plain values of the prize schemas (../prize.ts), without zod, for the SPA's first bundle. */

export const prizeKinds = ['game', 'entry', 'yearly'] as const;
export type PrizeKind = (typeof prizeKinds)[number];
