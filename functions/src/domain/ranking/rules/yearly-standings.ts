/**
 * The yearly standings (docs/game-rules.md, Yearly points): a tournament's entrants (a team in a round
 * not cancelled), ranked by their SCORE with shared ranks, gain floor(1000 x (N - rank + 1) / N); a
 * user's yearly points are the sum over the season's tournaments, higher is better. Pure: the
 * recompute loads the tournaments, keeps the other tournaments' sum and writes the histories.
 */
import { scoreMetric, type UserRoundRecord } from '@golf/shared/game/personal-ranking';
import { competitionRanking } from '@golf/shared/game/ranking';
import { tournamentYearlyPoints } from '@golf/shared/game/yearly-points';
import type { TournamentRecord } from '@golf/shared/schedule/tournament-record';
import { tournamentHistory } from './tournament-history';

/** A tournament's started rounds and each user's record of them, as the recompute scored them. */
export interface ScoredTournament {
  record: TournamentRecord;
  /** The rounds whose deadline has passed, in order. */
  rounds: ReadonlyArray<{ round: number; cancelled: boolean }>;
  /** Every user with a team in one of them, in id order. */
  userIds: readonly string[];
  /** Each user's record of each of `rounds`. */
  byUser: ReadonlyMap<string, readonly UserRoundRecord[]>;
}

/** Rounds of the tournament not final yet (cancelled ones aside): its points may still move. */
export const isProvisional = (tournament: TournamentRecord) =>
  tournament.rounds.some((round) => !round.cancelled && round.results !== 'final');

/**
 * A tournament's yearly points and its season history: its entrants gain
 * floor(1000 x (N - rank + 1) / N) by their shared SCORE rank.
 */
export function tournamentStandings(data: ScoredTournament) {
  const entrants = data.userIds.filter((id) =>
    data.byUser.get(id)!.some((round) => round.has_team && round.state !== 'cancelled'),
  );
  // Each entrant's SCORE, once; those without one are not ranked.
  const ranked: string[] = [];
  const scores: number[] = [];
  for (const id of entrants) {
    const score = scoreMetric(data.byUser.get(id)!);
    if (score === null) continue;
    ranked.push(id);
    scores.push(score);
  }
  const ranking = competitionRanking(Float64Array.from(scores), 'lower');
  const gained = tournamentYearlyPoints(
    Array.from(ranking.order, (index, p) => ({ user_id: ranked[index]!, rank: ranking.rankAt[p]! })),
    { cancelled: false },
  );
  const history = tournamentHistory({
    gameGlobalId: data.record.game_global_id,
    seasonId: data.record.season_id,
    rounds: data.rounds,
    userIds: data.userIds,
    byUser: data.byUser,
    points: gained,
    entrants: ranked.length,
    provisional: isProvisional(data.record),
  });
  return { gained, history };
}

/** Users' points: `users` in id order (as `Array.prototype.sort` orders them), `points[i]` user i's. */
export interface SortedPoints {
  users: string[];
  points: number[];
}

/** Each user's points summed over tournaments' gains, in id order. */
export function sumPoints(gains: Iterable<ReadonlyMap<string, number>>): SortedPoints {
  const sum = new Map<string, number>();
  for (const gained of gains)
    for (const [userId, value] of gained) sum.set(userId, (sum.get(userId) ?? 0) + value);
  const users = [...sum.keys()].sort();
  return { users, points: users.map((id) => sum.get(id)!) };
}

/** Two lists of users' points, each in id order, added into one (a million users: no map, no sort). */
export function addSorted(a: SortedPoints, b: SortedPoints): SortedPoints {
  const users: string[] = [];
  const points: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.users.length || j < b.users.length) {
    const x = a.users[i];
    const y = b.users[j];
    if (y === undefined || (x !== undefined && x < y)) {
      users.push(x!);
      points.push(a.points[i++]!);
    } else if (x === undefined || y < x) {
      users.push(y);
      points.push(b.points[j++]!);
    } else {
      users.push(x);
      points.push(a.points[i++]! + b.points[j++]!);
    }
  }
  return { users, points };
}
