/**
 * The season history behind my page's charts: per tournament, each player's round scores, SCORE rank
 * after each round and yearly points, kept in buckets of about 200 players (no TTL, unlike the
 * ranking snapshots). The ranking job builds it with the yearly points, from the same figures
 * (rules/tournament-history.ts), and writes a tournament's buckets only when they changed; a
 * player's season is then read with one BatchGet of the tournaments' metas and one of the player's
 * buckets, whatever the number of players.
 */
import type { SeasonHistory, SeasonHistoryQuery } from '@golf/shared/schemas/season-history';
import { seasonHistoryRepository } from '@golf/functions/db/repositories/season-history-repository';
import { tournamentRepository } from '@golf/functions/db/repositories/tournament-repository';
import { isBeforeDeadline } from '@golf/shared/game/lock';
import { currentTournament, deriveSchedule } from '@golf/shared/schedule/derive-schedule';
import { bucketOf } from '../rules/rank-index';
import type { TournamentHistory } from '../rules/tournament-history';

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
