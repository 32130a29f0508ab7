import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { UserRoundRecord } from '@golf/shared/game/personal-ranking';
import { bucketOf } from './rank-index';
import { tournamentHistory, type TournamentStandings } from './tournament-history';

const scored = (team_score: number): UserRoundRecord => ({
  state: 'scored',
  has_team: true,
  team_score,
  top_ten_percent: false,
  picks: [],
});
const cancelled: UserRoundRecord = { ...scored(0), state: 'cancelled', has_team: false };
const pending: UserRoundRecord = { ...scored(0), state: 'pending' };

const standings = (byUser: Record<string, UserRoundRecord[]>, rounds: boolean[]): TournamentStandings => ({
  gameGlobalId: 'g',
  seasonId: 2026,
  rounds: rounds.map((isCancelled, i) => ({ round: i + 1, cancelled: isCancelled })),
  userIds: Object.keys(byUser).sort(),
  byUser: new Map(Object.entries(byUser)),
  points: new Map([['a', 1000]]),
  entrants: Object.keys(byUser).length,
  provisional: false,
});

const entryOf = (history: ReturnType<typeof tournamentHistory>, id: string) =>
  history.buckets[bucketOf(id, history.meta.buckets)]!.find(([userId]) => userId === id);

describe('tournamentHistory', () => {
  it('gives each round score and the SCORE rank after the round, shared on ties, a cancelled round counting for nobody', () => {
    const history = tournamentHistory(
      standings(
        {
          a: [scored(-3), cancelled, scored(-1)],
          b: [scored(-3), cancelled, scored(2)],
          c: [scored(1), cancelled, pending],
        },
        [false, true, false],
      ),
    );
    expect(history.meta.rounds).toEqual([
      { round: 1, ranked: 3, cancelled: false },
      { round: 2, ranked: 3, cancelled: true },
      { round: 3, ranked: 3, cancelled: false },
    ]);
    expect(entryOf(history, 'a')).toEqual(['a', 1000, [-3, null, -1], [1, 1, 1]]);
    expect(entryOf(history, 'b')).toEqual(['b', null, [-3, null, 2], [1, 1, 2]]);
    // A pending round leaves the total (and so the rank) as it stood.
    expect(entryOf(history, 'c')).toEqual(['c', null, [1, null, null], [3, 3, 3]]);
  });

  it('holds every player once, in the bucket a reader computes, with a digest that follows the content', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 600 }),
        fc.integer({ min: -20, max: 20 }),
        (ids, score) => {
          const byUser = Object.fromEntries(ids.map((id, i) => [id, [scored(score + (i % 7))]]));
          const history = tournamentHistory(standings(byUser, [false]));
          expect(history.buckets.flat()).toHaveLength(ids.length);
          for (const id of ids) expect(entryOf(history, id)?.[0]).toBe(id);
          const moved = tournamentHistory(standings({ ...byUser, [ids[0]!]: [scored(99)] }, [false]));
          expect(moved.meta.digest).not.toBe(history.meta.digest);
          expect(tournamentHistory(standings(byUser, [false])).meta.digest).toBe(history.meta.digest);
        },
      ),
      { numRuns: 30 },
    );
  });
});
