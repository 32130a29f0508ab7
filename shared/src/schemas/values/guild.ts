/** The plain values of the guild schemas (../guild.ts), without zod, for the SPA's first bundle. */

export const GUILD_NAME_MAX = 20;

/** The most members a guild holds. */
export const GUILD_MAX_MEMBERS = 50;
