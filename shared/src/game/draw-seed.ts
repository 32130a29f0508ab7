/**
 * The lottery's seed, fixed before anyone can know the winners (docs/adr/0014-committed-lottery-seed.md;
 * server and scripts only: it imports node:crypto).
 *
 * Each tournament has a random secret whose commitment, SHA-256 of the secret's text, is published
 * with its prizes before the results exist. At the draw the seed is SHA-256 of the JSON array
 * [secret, results digest], the digest being that of the tournament's published final results
 * (`resultsDigest`). The secret is published after the draw, so anyone can check it against the
 * commitment, recompute the digest from the public leaderboard, and re-run the lottery.
 */
import { createHash } from 'node:crypto';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** What is published before the draw: `sha256(secret)` as hex (`printf %s SECRET | sha256sum`). */
export function drawCommitment(secret: string): string {
  return sha256(secret);
}

/** One player's row of the public leaderboard (GET /api/golf/schedule/score), as far as the digest reads it. */
export interface ResultRow {
  player_id: string;
  status: string;
  /** To par of each round (index 0 = round 1); null where the player has no counted result. */
  rounds: readonly (number | null)[];
}

/**
 * The digest of a tournament's results: SHA-256 of the JSON array [game id, rows], each row
 * [player_id, status, rounds] and the rows ordered by player id, so it depends on the results only,
 * never on the order a page lists them in.
 */
export function resultsDigest(gameGlobalId: string, rows: readonly ResultRow[]): string {
  const canonical = rows
    .map((row) => [row.player_id, row.status, [...row.rounds]] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return sha256(JSON.stringify([gameGlobalId, canonical]));
}

/** The lottery's seed: SHA-256 of the JSON array [secret, results digest] as hex. */
export function drawSeed(secret: string, digest: string): string {
  return sha256(JSON.stringify([secret, digest]));
}
