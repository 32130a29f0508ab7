/**
 * `npx tsx scripts/bench/ranking-pure.ts <players>`: the recompute of one round scope on a synthetic
 * season, in memory and on this thread, as the ranking job runs it: the rule modules over the
 * round's team scores (`userRounds`: each user's record and the round's top 10%; `scopeMetrics`: the
 * 7 personal metrics; `tournamentStandings`: the yearly points and season history), then
 * `roundScope` (the 7 personal types ranked, their pages packed, the board indexes, the users'
 * values in buckets, the guild boards), nothing written. Prints one JSON line, the object `run`
 * returns (a smoke run of `npm run bench:ranking` calls `run` instead of starting the script).
 */
import { ulid } from 'ulid';
import type { TeamScoreRecord } from '../../functions/src/domain/game/team-scoring';
import { scopeMetrics, userRounds } from '../../functions/src/domain/ranking/rules/round-records';
import { roundScope } from '../../functions/src/domain/ranking/snapshot/snapshot-items';
import { tournamentStandings } from '../../functions/src/domain/ranking/rules/yearly-standings';
import { syntheticMembers, syntheticMetrics, syntheticTournament } from './synthetic-season';
import { isEntryPoint } from '../entry-point';

const now = new Date('2026-06-01T09:00:00Z');

/** The measurement at `<players>`, from the script's arguments. */
export async function run(args: readonly string[]): Promise<Record<string, unknown>> {
  const players = Number(args[0] ?? 10_000);
  const { userIds, metrics } = syntheticMetrics(players);
  const { profiles, guilds } = syntheticMembers(userIds);
  // Round 1's team scores: the synthetic SCORE of each user with an entry.
  const record = syntheticTournament();
  const scores = new Map<string, TeamScoreRecord>();
  userIds.forEach((user_id, i) => {
    const score = metrics[0]![i]!;
    if (Number.isNaN(score)) return;
    scores.set(user_id, {
      game_global_id: record.game_global_id,
      round: 1,
      user_id,
      kind: 'scored',
      score,
      provisional: false,
      player_ids: [],
      pick_scores: [],
      birdies: 0,
      eagles: 0,
      under_par_picks: 0,
      picks: [],
      last_saved_at: now.toISOString(),
    });
  });
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  try {
    const rulesStart = performance.now();
    const data = userRounds({ record, rounds: [{ stored: record.rounds[0]!, penalty: 3, scores }] });
    const recordsMs = performance.now() - rulesStart;
    scopeMetrics(data.userIds, data.byUser, 1);
    const metricsMs = performance.now() - rulesStart - recordsMs;
    tournamentStandings(data);
    const rulesMs = performance.now() - rulesStart;
    const start = performance.now();
    const scope = roundScope({
      snapshotId: ulid(now.getTime()),
      round: 1,
      userIds,
      metrics,
      profiles,
      guilds,
    });
    const counts = { page: 0, index: 0, values: 0 };
    for await (const item of scope.items()) {
      if (item['entity'] === 'ranking_page') counts.page++;
      else if (item['entity'] === 'ranking_values') counts.values++;
      else counts.index++;
    }
    const ms = performance.now() - start;
    peak = Math.max(peak, process.memoryUsage().rss);
    return {
      players,
      records_ms: Math.round(recordsMs),
      metrics_ms: Math.round(metricsMs),
      yearly_ms: Math.round(rulesMs - recordsMs - metricsMs),
      recompute_ms: Math.round(ms),
      peak_rss_mb: Math.round(peak / 2 ** 20),
      page_items: counts.page,
      index_items: counts.index,
      value_items: counts.values,
      snapshot_items: counts.page + counts.index + counts.values,
    };
  } finally {
    clearInterval(timer);
  }
}

if (isEntryPoint(import.meta.url)) console.log(JSON.stringify(await run(process.argv.slice(2))));
