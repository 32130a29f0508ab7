/** The plain values of the ranking schemas (../ranking.ts), without zod, for the SPA's first bundle. */

export const rankingPerPageDefault = 100;
/** The page the ranking screens ask for (perPage), so the SPA and the API agree on its size. */
export const rankingScreenPerPage = 50;
export const rankingPerPageMax = 100;
