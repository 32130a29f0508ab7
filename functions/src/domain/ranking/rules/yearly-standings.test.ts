import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { UserRoundRecord } from '@golf/shared/game/personal-ranking';
import { yearlyPoints } from '@golf/shared/game/yearly-points';
import type { TournamentRecord } from '@golf/shared/schedule/tournament-record';
import { bucketOf } from './rank-index';
import { storedRound, tournamentRecord } from './tournament.test-support';
import { addSorted, type ScoredTournament, sumPoints, tournamentStandings } from './yearly-standings';

const record = (results: Array<'none' | 'provisional' | 'final'>, cancelled: boolean[]) =>
  tournamentRecord(
    [1, 2, 3, 4].map((round) =>
      storedRound(round, { results: results[round - 1] ?? 'none', cancelled: cancelled[round - 1] ?? false }),
    ),
  );

const team = (team_score: number): UserRoundRecord => ({
  state: 'scored',
  has_team: true,
  team_score,
  top_ten_percent: false,
  picks: [],
});
/** A round without a team: 4 x the penalty. */
const noTeam = (team_score: number): UserRoundRecord => ({ ...team(team_score), has_team: false });
const pending: UserRoundRecord = { ...team(0), state: 'pending' };
const cancelled: UserRoundRecord = { ...team(0), state: 'cancelled', has_team: false };

const tournament = (byUser: Record<string, UserRoundRecord[]>, data: TournamentRecord): ScoredTournament => {
  const played = Object.values(byUser)[0]?.length ?? 0;
  return {
    record: data,
    rounds: data.rounds.slice(0, played).map(({ round, cancelled }) => ({ round, cancelled })),
    userIds: Object.keys(byUser).sort(),
    byUser: new Map(Object.entries(byUser)),
  };
};

describe('tournamentStandings', () => {
  it('gives the entrants points by their shared SCORE rank; users without a team in a played round gain none', () => {
    const { gained, history } = tournamentStandings(
      tournament(
        {
          a: [team(-3), team(-4), cancelled],
          b: [team(2), noTeam(8), cancelled],
          c: [team(-5), team(-2), cancelled],
          // Rounds without a team only: not an entrant.
          d: [noTeam(8), noTeam(8), cancelled],
          // An entrant whose rounds are not scored yet: not ranked, no points.
          e: [pending, pending, cancelled],
        },
        record(['final', 'provisional', 'none'], [false, false, true]),
      ),
    );
    // a and c share rank 1 of 3 ranked entrants, b is 3rd: floor(1000 x 1 / 3).
    expect(Object.fromEntries(gained)).toEqual({ a: 1000, c: 1000, b: 333 });
    expect(history.meta).toMatchObject({
      game_global_id: 'g1',
      season_id: 2026,
      entrants: 3,
      provisional: true,
    });
    const pointsOf = (id: string) =>
      history.buckets[bucketOf(id, history.meta.buckets)]!.find(([userId]) => userId === id)?.[1];
    expect(['a', 'b', 'c', 'd', 'e'].map(pointsOf)).toEqual([1000, 333, 1000, null, null]);
  });

  it('is final once every round not cancelled is final', () => {
    const data = tournament(
      { a: [team(-1), cancelled] },
      record(['final', 'none', 'final', 'final'], [false, true, false, false]),
    );
    expect(tournamentStandings(data).history.meta.provisional).toBe(false);
  });

  const roundRecord = fc.oneof(
    fc.integer({ min: -12, max: 12 }).map(team),
    fc.integer({ min: 0, max: 3 }).map((penalty) => noTeam(4 * penalty)),
    fc.constant(pending),
  );

  it('gives each ranked entrant floor(1000 x (N - rank + 1) / N), the rank shared by equal SCOREs', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(roundRecord, { minLength: 2, maxLength: 2 }), { maxLength: 30 }),
        (rows) => {
          const byUser = Object.fromEntries(
            rows.map((rounds, i) => [`u${String(i).padStart(2, '0')}`, rounds]),
          );
          const { gained, history } = tournamentStandings(tournament(byUser, record([], [])));
          // As the rules read: SCORE = the sum of the scored rounds; entrants had a team in one.
          const scores = new Map(
            Object.entries(byUser)
              .filter(([, rounds]) => rounds.some((r) => r.has_team))
              .flatMap(([id, rounds]) => {
                const scored = rounds.filter((r) => r.state === 'scored');
                return scored.length ? [[id, scored.reduce((sum, r) => sum + r.team_score, 0)] as const] : [];
              }),
          );
          const n = scores.size;
          expect(history.meta.entrants).toBe(n);
          expect(new Map([...gained].sort())).toEqual(
            new Map(
              [...scores]
                .map(([id, score]) => {
                  const rank = 1 + [...scores.values()].filter((other) => other < score).length;
                  return [id, yearlyPoints(rank, n)] as const;
                })
                .sort(),
            ),
          );
        },
      ),
    );
  });
});

describe("the season's sum", () => {
  const gains = fc.array(
    fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'), fc.integer({ min: 0, max: 1000 })),
    { maxLength: 4 },
  );
  const naive = (maps: Array<Record<string, number>>) => {
    const sum: Record<string, number> = {};
    for (const map of maps) for (const [id, value] of Object.entries(map)) sum[id] = (sum[id] ?? 0) + value;
    const users = Object.keys(sum).sort();
    return { users, points: users.map((id) => sum[id]!) };
  };
  const maps = (list: Array<Record<string, number>>) => list.map((gained) => new Map(Object.entries(gained)));

  it("sums each user's points over the tournaments, users in id order", () => {
    fc.assert(
      fc.property(gains, (list) => {
        expect(sumPoints(maps(list))).toEqual(naive(list));
      }),
    );
  });

  it('adds two sums in id order as one sum of all their tournaments', () => {
    fc.assert(
      fc.property(gains, gains, (before, current) => {
        const sum = addSorted(sumPoints(maps(before)), sumPoints(maps(current)));
        expect(sum).toEqual(naive([...before, ...current]));
      }),
    );
  });
});
