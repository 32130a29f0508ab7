/**
 * The lottery's committed seed (docs/adr/0014-committed-lottery-seed.md): a random secret per
 * tournament, committed (its sha256 published) as soon as the tournament has a prize and never
 * replaced, joined at the draw with the digest of the tournament's public final results. No
 * operator chooses or sees the secret before the draw that uses it; the draw publishes it.
 *
 * A draw over the same results takes the same seed again, so a redraw without a change of results
 * picks the same winners. A draw over other results (a correction after an earlier draw) takes the
 * next secret, committed when the previous one was published: who knows a published secret still
 * cannot aim a correction at a winner.
 */
import { randomBytes } from 'node:crypto';
import { drawCommitment, drawSeed, resultsDigest } from '@golf/shared/game/draw-seed';
import { deriveSchedule } from '@golf/shared/schedule/derive-schedule';
import {
  drawSeedRepository,
  type DrawSecretRecord,
  type DrawSeedRecord,
} from '../../db/repositories/draw-seed-repository';
import { tournamentRepository } from '../../db/repositories/tournament-repository';
import { conflict, notFound } from '../../lib/errors';
import { roundsWithResults } from '../game/players';
import { buildLeaderboard } from '../leaderboard';

function newSecret(now: Date): DrawSecretRecord {
  const secret = randomBytes(32).toString('hex');
  return { commitment: drawCommitment(secret), secret, committed_at: now.toISOString(), revealed_at: null };
}

/** The tournament's record, made with a first secret when it has none (never replaced once made). */
export async function commitDrawSecret(gameGlobalId: string, now: Date): Promise<DrawSeedRecord> {
  const stored = await drawSeedRepository.get(gameGlobalId);
  if (stored) return stored;
  const record = { game_global_id: gameGlobalId, secrets: [newSecret(now)], draws: [], version: 0 };
  if (await drawSeedRepository.create(record)) return record;
  return (await drawSeedRepository.get(gameGlobalId))!;
}

/** The digest of the tournament's results as the public leaderboard (tournament-score.ts) lists them. */
async function currentResultsDigest(gameGlobalId: string, now: Date): Promise<string> {
  const [record, field] = await Promise.all([
    tournamentRepository.get(gameGlobalId),
    tournamentRepository.field(gameGlobalId),
  ]);
  if (!record) throw notFound('大会が見つかりませんでした。');
  return resultsDigest(gameGlobalId, buildLeaderboard(field, roundsWithResults(deriveSchedule(record, now))));
}

/** The seed a draw over these results takes, with the secret it comes from. */
function seedFor(record: DrawSeedRecord, digest: string): { seed: string; secretIndex: number } {
  const earlier = record.draws.find((draw) => draw.results_digest === digest);
  if (earlier) return { seed: earlier.seed, secretIndex: earlier.secret_index };
  const secretIndex = record.secrets.findIndex((secret) => secret.revealed_at === null);
  return { seed: drawSeed(record.secrets[secretIndex]!.secret, digest), secretIndex };
}

/** The digest each seed handed out came from, until its draw is published (the same call, so a few at most). */
const digestOfSeed = new Map<string, string>();

/** The seed of a draw now (the tournament's results must be final). */
export async function committedSeed(gameGlobalId: string, now: Date): Promise<string> {
  const [record, digest] = await Promise.all([
    commitDrawSecret(gameGlobalId, now),
    currentResultsDigest(gameGlobalId, now),
  ]);
  const { seed } = seedFor(record, digest);
  digestOfSeed.set(seed, digest);
  return seed;
}

/**
 * Publishes the draw that used `seed`, once its winners are written: its secret, its digest and a
 * next secret committed in its place. A seed already published (a redraw over the same results)
 * changes nothing.
 */
export async function revealDrawSeed(gameGlobalId: string, seed: string, now: Date): Promise<void> {
  const digest = digestOfSeed.get(seed) ?? (await currentResultsDigest(gameGlobalId, now));
  digestOfSeed.delete(seed);
  for (let attempt = 0; attempt < 5; attempt++) {
    const record = (await drawSeedRepository.get(gameGlobalId))!;
    if (record.draws.some((draw) => draw.seed === seed)) return;
    const used = seedFor(record, digest);
    // Another draw over other results published this secret meanwhile: drawing again takes the next one.
    if (used.seed !== seed)
      throw conflict('ほかの抽選と重なりました。結果を確認して、もう一度抽選してください。');
    const at = now.toISOString();
    const secrets = record.secrets.map((secret, index) =>
      index === used.secretIndex ? { ...secret, revealed_at: at } : secret,
    );
    const next: DrawSeedRecord = {
      ...record,
      secrets: secrets.some((secret) => secret.revealed_at === null) ? secrets : [...secrets, newSecret(now)],
      draws: [
        ...record.draws,
        { secret_index: used.secretIndex, results_digest: digest, seed, drawn_at: at },
      ],
    };
    if (await drawSeedRepository.replace(next, record.version)) return;
  }
  throw conflict('ほかの抽選と重なりました。もう一度抽選してください。');
}

/** The commitments as everyone may read them: a secret only once a draw published it. */
export function publishedCommitments(record: DrawSeedRecord | null) {
  return (record?.secrets ?? []).map((secret) => ({
    commitment: secret.commitment,
    committed_at: secret.committed_at,
    secret: secret.revealed_at === null ? null : secret.secret,
    revealed_at: secret.revealed_at,
  }));
}
