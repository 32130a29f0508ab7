/** What the recompute and the reads of the rankings share: the yearly scope and the default tournament. */
import { resolveTournament } from '../game/tournament-context';

/** The yearly board's scope in a snapshot (the round scopes are 1-4). */
export const YEARLY_SCOPE = 0;

/**
 * A snapshot's items that are kept for later snapshots (their inputs did not change) are written
 * again once they are this old, well before their TTL.
 */
export const REUSE_FOR_MS = 3 * 24 * 3600 * 1000;

/** The tournament asked for, or the current one. */
export const resolveGame = async (gameGlobalId: string | undefined, now: Date) =>
  gameGlobalId ?? (await resolveTournament(undefined, now)).game_global_id;
