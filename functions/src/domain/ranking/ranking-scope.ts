/** What the recompute and the reads of the rankings share: the yearly scope and the default tournament. */
import { createHash } from 'node:crypto';
import { resolveTournament } from '../game/tournament-context';

/** The yearly board's scope in a snapshot (the round scopes are 1-4). */
export const YEARLY_SCOPE = 0;

/**
 * A snapshot's items that are kept for later snapshots (their inputs did not change) are written
 * again once they are this old, well before their TTL.
 */
const REUSE_FOR_MS = 3 * 24 * 3600 * 1000;

/** Whether items written at `writtenAt` may still be kept by a new snapshot. */
export const isReusable = (writtenAt: string, now: Date) =>
  now.getTime() - Date.parse(writtenAt) <= REUSE_FOR_MS;

/** A digest of what a scope or board was built from. */
export const digest = (text: string) => createHash('sha256').update(text).digest('base64url');

/** The tournament asked for, or the current one. */
export const resolveGame = async (gameGlobalId: string | undefined, now: Date) =>
  gameGlobalId ?? (await resolveTournament(undefined, now)).game_global_id;
