/** Pure ranking step (all 7 types) on synthetic seasons; generated in memory, never stored. */
import { buildSnapshotTables } from '../../functions/src/domain/ranking/build-snapshot';
import { bucketCount } from '../../functions/src/domain/ranking/rank-index';
import { syntheticMetrics } from './synthetic-season';

const n = Number(process.argv[2] ?? 10_000);
const { userIds, metrics } = syntheticMetrics(n);
let peak = process.memoryUsage().rss;
const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
const start = performance.now();
const tables = buildSnapshotTables({ userIds, metrics });
const ms = performance.now() - start;
peak = Math.max(peak, process.memoryUsage().rss);
clearInterval(timer);
const pages = tables.types.reduce((s, t) => s + t.pageCount, 0);
console.log(
  JSON.stringify({
    players: n,
    recompute_ms: Math.round(ms),
    peak_rss_mb: Math.round(peak / 2 ** 20),
    page_items: pages,
    index_items: tables.types.length,
    value_items: bucketCount(n),
    snapshot_items: pages + tables.types.length + bucketCount(n),
  }),
);
