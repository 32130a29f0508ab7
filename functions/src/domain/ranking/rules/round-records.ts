/**
 * Each user's record of each started round (docs/game-rules.md, Ranking): cancelled, pending until
 * the team's score is known, or scored; a round without a team scores 4 x the round's penalty once
 * the penalty is known; the round's top 10% among its scored users. And the 7 personal metrics of
 * a round scope from those records. Pure: `recompute-inputs.ts` reads the rounds and their teams.
 */
import { personalRankings, type UserRoundRecord } from '@golf/shared/game/personal-ranking';
import { noTeamScore } from '@golf/shared/game/scoring';
import type {
  FieldEntryRecord,
  StoredRound,
  TournamentRecord,
} from '@golf/shared/schedule/tournament-record';
import type { TeamRecord } from '@golf/functions/db/repositories/team-repository';
import { indexTournamentRound, teamScoreRecord, type TeamScoreRecord } from '../../game/team-scoring';
import { topTenPercent } from './top-ten-percent';
import type { ScoredTournament } from './yearly-standings';

/** A round whose deadline has passed, as read for the recompute. */
export interface PlayedRound {
  stored: StoredRound;
  /** The round's penalty (the field's worst, see scoring.ts); null while it is not known. */
  penalty: number | null;
  /** Each user's team score in this round, for the users with a team in it. */
  scores: ReadonlyMap<string, TeamScoreRecord>;
}

/**
 * One round whose deadline has passed, its teams scored from the field's results: the scores the
 * recompute ranks and the prize draw decides by. A team without a pick is no team.
 */
export function playedRound(
  record: TournamentRecord,
  field: readonly FieldEntryRecord[],
  round: number,
  teams: Iterable<TeamRecord>,
  now: Date,
): PlayedRound {
  const indexed = indexTournamentRound(record, field, round, now);
  const scores = new Map<string, TeamScoreRecord>();
  for (const team of teams)
    if (team.picks.length > 0) scores.set(team.user_id, teamScoreRecord(team, indexed));
  return { stored: record.rounds[round - 1]!, penalty: indexed.penalty, scores };
}

/** A tournament and its rounds whose deadline has passed, in order. */
export interface PlayedTournament {
  record: TournamentRecord;
  rounds: readonly PlayedRound[];
}

/** A user's record of a round (his team's score, if he had a team in it). */
function roundRecord(round: PlayedRound, score: TeamScoreRecord | undefined): UserRoundRecord {
  if (round.stored.cancelled)
    return { state: 'cancelled', has_team: false, team_score: 0, top_ten_percent: false, picks: [] };
  if (!score) {
    return round.penalty === null
      ? { state: 'pending', has_team: false, team_score: 0, top_ten_percent: false, picks: [] }
      : {
          state: 'scored',
          has_team: false,
          team_score: noTeamScore(round.penalty),
          top_ten_percent: false,
          picks: [],
        };
  }
  if (score.kind !== 'scored' || score.score === null)
    return {
      state: 'pending',
      has_team: true,
      team_score: 0,
      top_ten_percent: false,
      picks: score.picks ?? [],
    };
  return {
    state: 'scored',
    has_team: true,
    team_score: score.score,
    top_ten_percent: false,
    picks: score.picks ?? [],
  };
}

/**
 * Every user with a team in a played round (in id order) and his record of each played round, in
 * play order.
 */
export function userRounds(played: PlayedTournament): ScoredTournament {
  const userIds = [...new Set(played.rounds.flatMap(({ scores }) => [...scores.keys()]))].sort();
  const byUser = new Map<string, UserRoundRecord[]>(userIds.map((id) => [id, []]));
  for (const round of played.rounds) {
    const records = userIds.map((userId) => roundRecord(round, round.scores.get(userId)));
    const scored = records.filter((record) => record.state === 'scored');
    const top = topTenPercent(Float64Array.from(scored, (record) => record.team_score));
    scored.forEach((record, i) => (record.top_ten_percent = top[i]!));
    records.forEach((record, i) => byUser.get(userIds[i]!)!.push(record));
  }
  return {
    record: played.record,
    rounds: played.rounds.map(({ stored }) => ({ round: stored.round, cancelled: stored.cancelled })),
    userIds,
    byUser,
  };
}

/**
 * A round scope's metrics: metrics[t - 1][i] = user i's value in personal type t over his first
 * `upTo` rounds; NaN = no entry.
 */
export function scopeMetrics(
  userIds: readonly string[],
  byUser: ReadonlyMap<string, readonly UserRoundRecord[]>,
  upTo: number,
): Float64Array[] {
  const metrics = personalRankings.map(() => new Float64Array(userIds.length).fill(Number.NaN));
  userIds.forEach((userId, i) => {
    const rounds = byUser.get(userId)!.slice(0, upTo);
    personalRankings.forEach((row, t) => {
      const value = row.metric(rounds);
      if (value !== null) metrics[t]![i] = value;
    });
  });
  return metrics;
}
