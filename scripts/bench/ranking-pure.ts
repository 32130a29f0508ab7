/** Pure ranking step (all 7 types) on synthetic seasons; generated in memory, never stored. */
import { buildSnapshotTables } from '../../functions/src/domain/ranking/build-snapshot';

const n = Number(process.argv[2] ?? 10_000);
let seed = 42;
const rnd = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 0x1_0000_0000;
const userIds = Array.from({ length: n }, (_, i) => `user-${i.toString().padStart(7, '0')}`);
const metrics = [0, 1, 2, 3, 4, 5, 6].map((t) => {
  const a = new Float64Array(n);
  for (let i = 0; i < n; i++)
    a[i] =
      rnd() < 0.02
        ? NaN
        : t === 0
          ? Math.round(rnd() * 60 - 30)
          : t >= 5
            ? Math.round(rnd() * 1000) / 1000
            : Math.floor(rnd() * 20);
  return a;
});
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
    user_items: n,
    snapshot_items: pages + n,
  }),
);
