/**
 * `npx tsx scripts/bench/ranking-pure.ts <players>`: the recompute of one round scope on a synthetic
 * season, in memory and on this thread, as the ranking job runs it (`roundScope`: the 7 personal
 * types ranked, their pages packed, the board indexes, the users' values in buckets, the guild
 * boards), nothing written. Prints one JSON line.
 */
import { ulid } from 'ulid';
import { roundScope } from '../../functions/src/domain/ranking/snapshot-items';
import { syntheticMembers, syntheticMetrics } from './synthetic-season';

const players = Number(process.argv[2] ?? 10_000);
const now = new Date('2026-06-01T09:00:00Z');
const { userIds, metrics } = syntheticMetrics(players);
const { profiles, guilds } = syntheticMembers(userIds);
let peak = process.memoryUsage().rss;
const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
const start = performance.now();
const scope = roundScope({ snapshotId: ulid(now.getTime()), round: 1, userIds, metrics, profiles, guilds });
const counts = { page: 0, index: 0, values: 0 };
for await (const item of scope.items()) {
  if (item['entity'] === 'ranking_page') counts.page++;
  else if (item['entity'] === 'ranking_values') counts.values++;
  else counts.index++;
}
const ms = performance.now() - start;
peak = Math.max(peak, process.memoryUsage().rss);
clearInterval(timer);
console.log(
  JSON.stringify({
    players,
    recompute_ms: Math.round(ms),
    peak_rss_mb: Math.round(peak / 2 ** 20),
    page_items: counts.page,
    index_items: counts.index,
    value_items: counts.values,
    snapshot_items: counts.page + counts.index + counts.values,
  }),
);
