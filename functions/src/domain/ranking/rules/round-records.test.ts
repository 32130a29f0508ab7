import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { UserRoundRecord } from '@golf/shared/game/personal-ranking';
import type { TeamScoreRecord } from '../../game/team-scoring';
import { type PlayedRound, type PlayedTournament, scopeMetrics, userRounds } from './round-records';
import { storedRound, tournamentRecord } from './tournament.test-support';

const stored = (round: number, cancelled = false) => storedRound(round, { cancelled });
const record = tournamentRecord([stored(1), stored(2, true), stored(3), stored(4)]);

const pick = { player_id: 'p1', to_par: -2, birdies: 3, eagles: 0, made_cut: null };

/** A team's score in a round: a number once scored, null while pending. */
const teamScore = (round: number, user_id: string, score: number | null): TeamScoreRecord => ({
  game_global_id: 'g1',
  round,
  user_id,
  kind: score === null ? 'pending' : 'scored',
  score,
  provisional: true,
  player_ids: ['p1'],
  pick_scores: [score],
  birdies: 3,
  eagles: 0,
  under_par_picks: 1,
  picks: [pick],
  last_saved_at: '2026-05-06T12:00:00.000Z',
});

const played = (
  round: number,
  penalty: number | null,
  scores: Record<string, number | null>,
  cancelled = false,
): PlayedRound => ({
  stored: stored(round, cancelled),
  penalty,
  scores: new Map(Object.entries(scores).map(([id, score]) => [id, teamScore(round, id, score)])),
});

const scored = (team_score: number, top = false, has_team = true): UserRoundRecord => ({
  state: 'scored',
  has_team,
  team_score,
  top_ten_percent: top,
  picks: has_team ? [pick] : [],
});
const pending = (has_team: boolean): UserRoundRecord => ({
  state: 'pending',
  has_team,
  team_score: 0,
  top_ten_percent: false,
  picks: has_team ? [pick] : [],
});
const cancelled: UserRoundRecord = {
  state: 'cancelled',
  has_team: false,
  team_score: 0,
  top_ten_percent: false,
  picks: [],
};

describe("each user's round records", () => {
  const tournament: PlayedTournament = {
    record,
    rounds: [
      played(1, 3, { a: -5, b: null, c: 2 }),
      played(2, 3, { a: -1 }, true),
      played(3, null, { a: null, d: -1 }),
    ],
  };

  it('scores a round without a team at 4 x the penalty once known, and marks the top 10% among the scored', () => {
    const data = userRounds(tournament);
    expect(data.userIds).toEqual(['a', 'b', 'c', 'd']);
    expect(data.rounds).toEqual([
      { round: 1, cancelled: false },
      { round: 2, cancelled: true },
      { round: 3, cancelled: false },
    ]);
    expect(Object.fromEntries(data.byUser)).toEqual({
      // Round 1: a, c and d (no team: 4 x 3) scored, a alone in the top 10% of 3.
      a: [scored(-5, true), cancelled, pending(true)],
      b: [pending(true), cancelled, pending(false)],
      c: [scored(2), cancelled, pending(false)],
      d: [scored(12, false, false), cancelled, scored(-1, true)],
    });
  });

  it("gives a round scope's 7 metrics from each user's first rounds", () => {
    const data = userRounds(tournament);
    const after = (upTo: number) =>
      scopeMetrics(data.userIds, data.byUser, upTo).map((column) => Array.from(column));
    // SCORE: the scored rounds' sum (b has none yet); TOP 10% streak: users who played a round.
    expect(after(1)[0]).toEqual([-5, NaN, 2, 12]);
    expect(after(3)[0]).toEqual([-5, NaN, 2, 11]);
    expect(after(1)[2]).toEqual([1, NaN, 0, NaN]);
    expect(after(3)[2]).toEqual([1, NaN, 0, 1]);
  });

  it("marks as top 10% the scored records whose shared rank r among the round's N scored has 10 x (r - 1) < N", () => {
    const score = fc.option(fc.integer({ min: -10, max: 10 }), { nil: null });
    const user = fc.record({ team: fc.boolean(), score });
    fc.assert(
      fc.property(
        fc.array(user, { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 0, max: 3 }),
        (users, penalty) => {
          const scores = Object.fromEntries(
            users.flatMap(({ team, score }, i) => (team ? [[`u${String(i).padStart(2, '0')}`, score]] : [])),
          );
          const round = played(1, penalty, scores);
          // Users without a team in this round have one in another.
          const other = played(
            3,
            penalty,
            Object.fromEntries(users.map((_, i) => [`u${String(i).padStart(2, '0')}`, 0])),
          );
          const data = userRounds({ record, rounds: [round, other] });
          const records = data.userIds.map((id) => data.byUser.get(id)![0]!);
          const values = records.filter((r) => r.state === 'scored').map((r) => r.team_score);
          for (const r of records) {
            const rank = 1 + values.filter((value) => value < r.team_score).length;
            expect(r.top_ten_percent).toBe(r.state === 'scored' && 10 * (rank - 1) < values.length);
            if (!r.has_team) expect(r).toEqual(scored(4 * penalty, r.top_ten_percent, false));
          }
        },
      ),
    );
  });
});
