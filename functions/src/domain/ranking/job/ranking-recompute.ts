/**
 * The recompute side of the personal rankings (docs/game-rules.md, Ranking; docs/architecture.md, Rankings): reads the stored team
 * round scores, ranks every user in all 7 types for each round played so far (standings after that
 * round), writes the pages, board indexes and value buckets of a new snapshot, then switches the
 * pointer. Round scopes whose inputs did not change are kept from the served snapshot.
 * This module runs the steps; what it reads is `recompute-inputs.ts`'s, the rules are pure modules
 * (round-records.ts, top-ten-percent.ts, guild-boards.ts, yearly-standings.ts) and the items are
 * made in `snapshot-items.ts`.
 */
import { monotonicFactory } from 'ulid';
import { guildRepository } from '@golf/functions/db/repositories/guild-repository';
import {
  type RankingPointer,
  rankingRepository,
} from '@golf/functions/db/repositories/ranking-pages/ranking-repository';
import type { EncodedUsers } from '@golf/functions/db/repositories/ranking-pages/page-codec';
import { config } from '@golf/functions/lib/config';
import { SNAPSHOT_PAGE_SIZE } from '../rules/board-order';
import { guildIndexAt } from '../rules/guild-boards';
import { runPool } from '../snapshot/packing-pool';
import { addQuizBoards } from '../io/quiz-ranking';
import { bucketCount } from '../rules/rank-index';
import { resolveGame } from '../io/ranking-tournament';
import { digest, isFinished, isReusable, YEARLY_SCOPE } from '../rules/ranking-scope';
import { guildsOf, playedRounds, startedTournaments } from '../io/recompute-inputs';
import { type PlayedRound, scopeMetrics, userRounds } from '../rules/round-records';
import { writeSeasonHistories } from '../io/season-history';
import type { TournamentHistory } from '../rules/tournament-history';
import { keepSeasonPoints, keptSeasonPoints, seasonPointsKey } from '../io/season-points';
import { roundScope, yearlyItems } from '../snapshot/snapshot-items';
import {
  addSorted,
  isProvisional,
  type ScoredTournament,
  type SortedPoints,
  sumPoints,
  tournamentStandings,
} from '../rules/yearly-standings';

/**
 * The season's yearly points (docs/game-rules.md, Yearly points): each of its tournaments that has started gives
 * its entrants their points; a user's points are the sum. The tournament being published is scored
 * from its own run's rounds (`current`); the other tournaments' sum is kept between runs
 * (season-points.ts) and scored again, their season histories with it, only when one of them
 * changed. Writes the histories that changed.
 */
async function yearlyStandings(current: ScoredTournament, now: Date) {
  const { season_id: seasonId, game_global_id: gameId } = current.record;
  const tournaments = await startedTournaments(seasonId, now);
  const others = tournaments.filter((t) => t.game_global_id !== gameId);
  const key = await seasonPointsKey(others, now);
  const kept = key === null ? null : await keptSeasonPoints(seasonId, gameId, key);
  const histories: TournamentHistory[] = [];
  let othersPoints: SortedPoints = kept ?? { users: [], points: [] };
  if (!kept) {
    const gains: Array<ReadonlyMap<string, number>> = [];
    for (const tournament of others) {
      const standings = tournamentStandings(userRounds(await playedRounds(tournament.game_global_id, now)));
      gains.push(standings.gained);
      histories.push(standings.history);
    }
    othersPoints = sumPoints(gains);
  }
  let season = othersPoints;
  if (tournaments.some((t) => t.game_global_id === gameId)) {
    const standings = tournamentStandings(current);
    season = addSorted(othersPoints, sumPoints([standings.gained]));
    histories.push(standings.history);
  }
  await writeSeasonHistories(histories, now);
  // Kept once the histories scored with them are written: a failed write scores them again.
  if (!kept && key !== null) await keepSeasonPoints(seasonId, gameId, key, othersPoints);
  return { users: season.users, points: season.points, provisional: tournaments.some(isProvisional) };
}

/** What a round adds to its scope and the later ones: its state, penalty and every team's score. */
const roundInputs = (round: PlayedRound) =>
  digest(JSON.stringify([round.stored, round.penalty, [...round.scores.entries()]]));

/**
 * The served snapshot's scope, kept as it is when nothing it was built from changed: its personal
 * and guild items stay where they are (another snapshot's), only the pointer names them.
 */
function reusableScope(
  previous: RankingPointer,
  round: number,
  inputs: string,
  provisional: boolean,
  now: Date,
  finished: boolean,
): RankingPointer['scopes'][string] | null {
  const old = previous.scopes[String(round)];
  if (!old || old.inputs !== inputs || old.provisional !== provisional || !old.written_at) return null;
  // Written before the users' values moved into buckets: build it again.
  if (old.buckets === undefined) return null;
  if (!isReusable(old.written_at, now, finished, old.kept)) return null;
  const { QUIZ: _quiz, ...boards } = old.boards ?? {};
  return {
    provisional,
    totals: old.totals,
    boards,
    snapshot_id: old.snapshot_id ?? previous.snapshot_id,
    inputs,
    written_at: old.written_at,
    buckets: old.buckets,
    ...(old.kept ? { kept: true } : {}),
  };
}

/** Snapshot ids grow with the wall clock, also within one millisecond: a later build has a larger id. */
const nextSnapshotId = monotonicFactory();

/**
 * Computes and writes a new snapshot of the tournament's personal rankings, then switches to it
 * (unless a newer snapshot is already served, or `leaseOwner` no longer holds the job's lease).
 */
export async function recomputeRankings(
  gameGlobalId: string | undefined,
  now: Date,
  options: {
    leaseOwner?: string;
    /** Packing workers (the configured count unless given) and the users from which they are used. */
    packingWorkers?: number;
    packingFrom?: number;
  } = {},
) {
  const startedAt = performance.now();
  const gameId = await resolveGame(gameGlobalId, now);
  const played = await playedRounds(gameId, now);
  const data = userRounds(played);
  const snapshotId = nextSnapshotId();
  const profiles = await guildRepository.profiles(data.userIds);
  const memberships = await guildsOf(data.userIds);
  const pointer: RankingPointer = {
    game_global_id: gameId,
    snapshot_id: snapshotId,
    created_at: now.toISOString(),
    active_round: data.rounds.at(-1)?.round ?? 1,
    scopes: {},
    page_size: SNAPSHOT_PAGE_SIZE,
  };
  const previous = await rankingRepository.getPointer(gameId);
  // A finished tournament's snapshot is kept: its final rankings stay readable after a week.
  const finished = isFinished(data.record);
  /**
   * The snapshot's items, built as the write takes them (a scope at a time, never all held at
   * once); the pointer's scopes are filled in as they are built, and it is written after them.
   */
  async function* snapshotItems(): AsyncGenerator<Record<string, unknown>> {
    let inputs = digest(data.userIds.join('\n'));
    // The tournament's users, encoded by the first round scope built and shared with the others.
    let encoded: EncodedUsers | undefined;
    for (const [index, { round }] of data.rounds.entries()) {
      const provisional = data.record.rounds
        .slice(0, round)
        .some((r) => !r.cancelled && r.results !== 'final');
      inputs = digest(`${inputs}\n${roundInputs(played.rounds[index]!)}`);
      const reused = previous && reusableScope(previous, round, inputs, provisional, now, finished);
      if (reused) {
        pointer.scopes[String(round)] = reused;
        continue;
      }
      const metrics = scopeMetrics(data.userIds, data.byUser, index + 1);
      // The guild boards count the members at this round's deadline.
      const guilds = guildIndexAt(memberships, data.record.rounds[round - 1]!.deadline_at);
      const scope = roundScope(
        { snapshotId, round, userIds: data.userIds, metrics, profiles, guilds, ...(encoded && { encoded }) },
        pool.for(data.userIds.length),
      );
      yield* scope.items();
      encoded = scope.users;
      pointer.scopes[String(round)] = {
        provisional,
        totals: scope.totals,
        boards: scope.boards,
        snapshot_id: snapshotId,
        inputs,
        written_at: now.toISOString(),
        buckets: scope.buckets,
        ...(finished ? { kept: true } : {}),
      };
    }
    const yearly = await yearlyStandings(data, now);
    const yearlyIds = yearly.users;
    const yearlyProfiles = await guildRepository.profiles(yearlyIds.filter((id) => !profiles.has(id)));
    const nameOf = (id: string) => (profiles.get(id) ?? yearlyProfiles.get(id))?.nickname;
    const points = Float64Array.from(yearly.points);
    pointer.scopes[String(YEARLY_SCOPE)] = {
      provisional: yearly.provisional,
      totals: [],
      boards: { YEARLY: yearlyIds.length },
      buckets: bucketCount(yearlyIds.length),
    };
    yield* yearlyItems(
      snapshotId,
      yearlyIds,
      points,
      (i) => nameOf(yearlyIds[i]!),
      pool.for(yearlyIds.length),
      encoded && { userIds: data.userIds, users: encoded },
    );
    const quiz: Array<Record<string, unknown>> = [];
    await addQuizBoards(data.record, snapshotId, pointer, quiz, now, previous, finished);
    yield* quiz;
  }
  // Worker threads pack the pages of a large tournament's scopes, on the function's other vCPUs.
  const pool = runPool(options.packingWorkers ?? config().RANKING_PACKING_WORKERS, options.packingFrom);
  let stored: Awaited<ReturnType<typeof rankingRepository.writeSnapshot>>;
  try {
    stored = await rankingRepository.writeSnapshot(snapshotItems(), pointer, now, {
      ...(options.leaseOwner ? { leaseOwner: options.leaseOwner } : {}),
      buildStartedAt: startedAt,
      kept: finished,
    });
  } finally {
    await pool.close();
  }
  const { written, published } = stored;
  return {
    game_global_id: gameId,
    snapshot_id: snapshotId,
    published,
    items_written: written,
    duration_ms: Math.round(performance.now() - startedAt),
    packing: pool.report(),
  };
}
