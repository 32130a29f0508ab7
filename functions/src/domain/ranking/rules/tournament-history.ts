/**
 * A tournament's season history (io/season-history.ts stores it): each player's round scores, SCORE
 * rank after each round and yearly points, in buckets of about 200 players, and a digest of it all
 * so an unchanged history is not written again. Pure.
 */
import { createHash } from 'node:crypto';
import { scoreMetric, type UserRoundRecord } from '@golf/shared/game/personal-ranking';
import { competitionRanking } from '@golf/shared/game/ranking';
import type {
  SeasonHistoryEntry,
  SeasonHistoryMeta,
} from '@golf/functions/db/repositories/season-history-repository';
import { bucketCount, bucketOf } from './rank-index';

/** What the yearly points step knows of one tournament. */
export interface TournamentStandings {
  gameGlobalId: string;
  seasonId: number;
  /** Rounds whose deadline has passed, in order. */
  rounds: ReadonlyArray<{ round: number; cancelled: boolean }>;
  userIds: readonly string[];
  byUser: ReadonlyMap<string, readonly UserRoundRecord[]>;
  points: ReadonlyMap<string, number>;
  entrants: number;
  provisional: boolean;
}

export interface TournamentHistory {
  meta: Omit<SeasonHistoryMeta, 'written_at'>;
  buckets: SeasonHistoryEntry[][];
}

/** Each player's round scores and SCORE rank after each round (the personal ranking's standings). */
export function tournamentHistory(standings: TournamentStandings): TournamentHistory {
  const { userIds, byUser } = standings;
  const scores = userIds.map(() => [] as Array<number | null>);
  const ranks = userIds.map(() => [] as Array<number | null>);
  const rounds = standings.rounds.map((round, index) => {
    const totals = userIds.map((id) => scoreMetric(byUser.get(id)!.slice(0, index + 1)));
    const ranked = userIds.flatMap((_, i) => (totals[i] === null ? [] : [i]));
    const ranking = competitionRanking(Float64Array.from(ranked.map((i) => totals[i]!)), 'lower');
    userIds.forEach((id, i) => {
      const record = byUser.get(id)![index];
      scores[i]!.push(record?.state === 'scored' ? record.team_score : null);
      ranks[i]!.push(null);
    });
    for (let p = 0; p < ranking.order.length; p++)
      ranks[ranked[ranking.order[p]!]!]![index] = ranking.rankAt[p]!;
    return { round: round.round, ranked: ranked.length, cancelled: round.cancelled };
  });
  const buckets = Array.from({ length: bucketCount(userIds.length) }, () => [] as SeasonHistoryEntry[]);
  userIds.forEach((id, i) =>
    buckets[bucketOf(id, buckets.length)]!.push([
      id,
      standings.points.get(id) ?? null,
      scores[i]!,
      ranks[i]!,
    ]),
  );
  const meta = {
    game_global_id: standings.gameGlobalId,
    season_id: standings.seasonId,
    rounds,
    entrants: standings.entrants,
    provisional: standings.provisional,
    buckets: buckets.length,
  };
  const hash = createHash('sha256').update(JSON.stringify(meta));
  for (const bucket of buckets) hash.update(JSON.stringify(bucket));
  return { meta: { ...meta, digest: hash.digest('base64url') }, buckets };
}
