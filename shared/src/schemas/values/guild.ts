/** The plain values of the guild schemas (../guild.ts), without zod, for the SPA's first bundle. */

export const GUILD_NAME_MAX = 20;
