/** What the recompute and the reads of the rankings share: the yearly scope, kept items, digests. Pure. */
import { createHash } from 'node:crypto';
import type { TournamentRecord } from '@golf/shared/schedule/tournament-record';

/** The yearly board's scope in a snapshot (the round scopes are 1-4). */
export const YEARLY_SCOPE = 0;

/**
 * A snapshot's items that are kept for later snapshots (their inputs did not change) are written
 * again once they are this old, well before their TTL.
 */
const REUSE_FOR_MS = 3 * 24 * 3600 * 1000;

/**
 * Whether items written at `writtenAt` may still be kept by a new snapshot. A finished tournament's
 * snapshot keeps only items written to be kept (`kept`): the others expire within a week.
 */
export const isReusable = (writtenAt: string, now: Date, finished = false, kept = false) =>
  (!finished || kept) && now.getTime() - Date.parse(writtenAt) <= REUSE_FOR_MS;

/**
 * Every round final or cancelled (or the tournament cancelled): its rankings no longer move, and
 * its snapshot is kept (`finishedSnapshotTtlSeconds`) so they stay readable after the week a live
 * snapshot lasts.
 */
export const isFinished = (record: TournamentRecord) =>
  record.cancelled || record.rounds.every((round) => round.cancelled || round.results === 'final');

/** A digest of what a scope or board was built from. */
export const digest = (text: string) => createHash('sha256').update(text).digest('base64url');
