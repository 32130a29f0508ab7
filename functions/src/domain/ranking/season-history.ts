/**
 * The season history behind my page's charts: per tournament, each player's round scores, SCORE rank
 * after each round and yearly points, kept in buckets of about 200 players (no TTL, unlike the
 * ranking snapshots). The ranking job builds it with the yearly points, from the same figures, and
 * writes a tournament's buckets only when they changed; a player's season is then read with one
 * BatchGet of the tournaments' metas and one of the player's buckets, whatever the number of players.
 */
import { createHash } from 'node:crypto';
import { scoreMetric, type UserRoundRecord } from '@golf/shared/game/personal-ranking';
import { competitionRanking } from '@golf/shared/game/ranking';
import type { SeasonHistory, SeasonHistoryQuery } from '@golf/shared/schemas/season-history';
import {
  seasonHistoryRepository,
  type SeasonHistoryEntry,
  type SeasonHistoryMeta,
} from '../../db/repositories/season-history-repository';
import { tournamentRepository } from '../../db/repositories/tournament-repository';
import { isBeforeDeadline } from '@golf/shared/game/lock';
import { currentTournament, deriveSchedule } from '@golf/shared/schedule/derive-schedule';
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

/** Writes the histories whose content changed since they were last written; returns how many it wrote. */
export async function writeSeasonHistories(histories: readonly TournamentHistory[], now: Date) {
  const stored = await seasonHistoryRepository.metas(histories.map((h) => h.meta.game_global_id));
  let written = 0;
  for (const history of histories) {
    if (stored.get(history.meta.game_global_id)?.digest === history.meta.digest) continue;
    await seasonHistoryRepository.write({ ...history.meta, written_at: now.toISOString() }, history.buckets);
    written++;
  }
  return written;
}

/** GET /api/golf/schedule/score/season: the caller's season, tournament by tournament. */
export async function seasonHistory(
  userId: string,
  query: SeasonHistoryQuery,
  now: Date,
): Promise<SeasonHistory> {
  const all = await tournamentRepository.list();
  const current = currentTournament(all.map((record) => ({ ...deriveSchedule(record, now), record })));
  const seasonId = query.year ?? current?.record.season_id ?? Math.max(0, ...all.map((t) => t.season_id));
  const tournaments = all
    .filter(
      (t) =>
        t.season_id === seasonId &&
        !t.cancelled &&
        t.rounds.some((r) => !isBeforeDeadline(now.toISOString(), r.deadline_at)),
    )
    .sort((a, b) => a.start_on.localeCompare(b.start_on) || a.game_global_id.localeCompare(b.game_global_id));
  const metas = await seasonHistoryRepository.metas(tournaments.map((t) => t.game_global_id));
  const buckets = await seasonHistoryRepository.buckets(
    [...metas.values()].map((meta) => ({
      gameGlobalId: meta.game_global_id,
      bucket: bucketOf(userId, meta.buckets),
    })),
  );
  return {
    season_id: seasonId,
    tournaments: tournaments.flatMap((t) => {
      const meta = metas.get(t.game_global_id);
      const mine = buckets.get(t.game_global_id)?.find(([id]) => id === userId);
      if (!meta || !mine) return [];
      const [, points, scores, ranks] = mine;
      return [
        {
          game_global_id: t.game_global_id,
          tournament_name: t.tournament_name,
          start_on: t.start_on,
          rounds: meta.rounds.map((round, i) => ({
            round: round.round,
            play_on: t.rounds[round.round - 1]!.play_on,
            score: round.cancelled ? null : (scores[i] ?? null),
            rank: round.cancelled ? null : (ranks[i] ?? null),
            ranked: round.ranked,
            cancelled: round.cancelled,
          })),
          points,
          entrants: meta.entrants,
          provisional: meta.provisional,
        },
      ];
    }),
  };
}
