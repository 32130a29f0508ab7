import { describe, expect, it } from 'vitest';
import type { DrawVerification } from '../schemas/prize';
import { checkDraw } from './draw-check';
import { drawCommitment, drawSeed, resultsDigest, type ResultRow } from './draw-seed';
import { drawLottery, lotteryOrder } from './lottery';

const leaderboard: ResultRow[] = [
  { player_id: 'p1', status: 'active', rounds: [-3, -1, null, null] },
  { player_id: 'p2', status: 'cut', rounds: [4, 5, null, null] },
];
const secret = 'f'.repeat(64);
const digest = resultsDigest('g', leaderboard);
const seed = drawSeed(secret, digest);
const entrants = Array.from({ length: 12 }, (_, i) => `u${i}`);
const tied = ['u3', 'u7', 'u9'];

/** A draw as the site publishes it: an entry prize of 4 and a rank prize for places 1-2 whose 3 leaders tie. */
const published: DrawVerification = {
  game_global_id: 'g',
  draw_commitments: [
    { commitment: drawCommitment(secret), committed_at: '2026-01-01T00:00:00Z', secret, revealed_at: 'x' },
    { commitment: drawCommitment('next'), committed_at: 'x', secret: null, revealed_at: null },
  ],
  draws: [{ secret_index: 0, results_digest: digest, seed, drawn_at: 'x' }],
  entrants: { total: 12, page: 1, pages: 1, user_ids: entrants },
  prizes: [
    {
      prize_id: 'game-g-r1-2',
      kind: 'game',
      rank_from: 1,
      rank_to: 2,
      winners_count: 2,
      seed,
      winners: lotteryOrder(seed, 'game-g-r1-2', tied).slice(0, 2),
      ties: [{ first_place: 1, user_ids: tied }],
    },
    {
      prize_id: 'entry-g',
      kind: 'entry',
      rank_from: null,
      rank_to: null,
      winners_count: 4,
      seed,
      winners: drawLottery(seed, 'entry-g', entrants, 4),
      ties: [],
    },
  ],
};

describe("a player's check of a draw", () => {
  it('passes a draw re-derived from its published values', () => {
    const result = checkDraw(published, leaderboard);
    expect(result.checks.filter((check) => !check.ok)).toEqual([]);
    expect(result.ok).toBe(true);
    expect(result.rederived.get('entry-g')).toEqual(published.prizes[1]!.winners);
  });

  it('fails a secret that is not the committed one', () => {
    const other = { ...published.draw_commitments[0]!, secret: 'e'.repeat(64) };
    expect(checkDraw({ ...published, draw_commitments: [other] }, leaderboard).ok).toBe(false);
  });

  it('fails when the results changed since the draw', () => {
    const changed = [{ ...leaderboard[0]!, rounds: [-3, -2, null, null] }, leaderboard[1]!];
    expect(checkDraw(published, changed).ok).toBe(false);
  });

  it('fails a seed that is not the one the secret and results give', () => {
    const other = drawSeed(secret, 'another digest');
    const prizes = published.prizes.map((prize) => ({ ...prize, seed: other }));
    const draws = [{ ...published.draws[0]!, seed: other }];
    expect(checkDraw({ ...published, prizes, draws }, leaderboard).ok).toBe(false);
  });

  it('fails winners the lottery does not give, for an entry prize and a tie of a rank prize', () => {
    const swap = (index: number, winners: string[]) =>
      checkDraw(
        {
          ...published,
          prizes: published.prizes.map((prize, i) => (i === index ? { ...prize, winners } : prize)),
        },
        leaderboard,
      ).ok;
    const entry = published.prizes[1]!.winners;
    expect(swap(1, [...entry].reverse())).toBe(false);
    expect(swap(1, entry.slice(0, 3))).toBe(false);
    expect(swap(0, [...published.prizes[0]!.winners].reverse())).toBe(false);
  });

  it('fails a tournament with nothing drawn', () => {
    const prizes = published.prizes.map((prize) => ({ ...prize, seed: null, winners: [] }));
    expect(checkDraw({ ...published, prizes }, leaderboard).ok).toBe(false);
  });
});
