/**
 * `npx tsx scripts/bench/ranking-publish.ts <players>`: what one results update of the live round
 * costs to publish after round 4, today's way and the publish job's way, by the recompute's own
 * items (`roundScope`) sized as written. Today every started round's scope and the yearly board are
 * written again on every run; the job writes nothing when nothing is stale, and otherwise keeps the
 * round scopes whose inputs did not change (rounds 1-3 for a round-4 update) and writes the changed
 * scope and the yearly board. Also the write units that land on the busiest partition key, and the
 * time that key alone needs at DynamoDB's 1,000 write units per second per key. Prints one JSON line.
 */
import { ulid } from 'ulid';
import { roundScope } from '../../functions/src/domain/ranking/ranking-service';
import {
  rankingPageItem,
  rankingUserItem,
  snapshotTtlSeconds,
} from '../../functions/src/db/repositories/ranking-repository';
import { SNAPSHOT_PAGE_SIZE } from '../../functions/src/domain/ranking/build-snapshot';
import { writeUnits } from './item-size';
import { syntheticMembers, syntheticMetrics } from './synthetic-season';

const players = Number(process.argv[2] ?? 100_000);
const now = new Date('2026-06-01T09:00:00Z');
const expiresAt = Math.floor(now.getTime() / 1000) + snapshotTtlSeconds;
const keyLimitPerSecond = 1_000;

const started = performance.now();
const { userIds, metrics } = syntheticMetrics(players);
const { profiles, guilds } = syntheticMembers(userIds);
const snapshotId = ulid(now.getTime());
const perKey = new Map<string, number>();
const count = (item: Record<string, unknown>) => {
  const units = writeUnits({ ...item, expiresAt });
  perKey.set(String(item['PK']), (perKey.get(String(item['PK'])) ?? 0) + units);
  return units;
};
// One round scope (the synthetic metrics stand for every round: the item sizes barely differ).
let scopeUnits = 0;
for (const item of roundScope({ snapshotId, round: 4, userIds, metrics, profiles, guilds }).items())
  scopeUnits += count(item);
// The yearly board: pages of 100 rows and one rank item per player.
let yearlyUnits = 0;
const yearlyRow = (i: number) => ({
  rank: i + 1,
  user_id: userIds[i]!,
  nickname: profiles.get(userIds[i]!)?.nickname ?? '退会したユーザー',
  value: 1000 - (i % 1000),
  display_value: `${(1000 - (i % 1000)).toLocaleString('ja-JP')}pt`,
  is_withdrawn: false,
});
for (let page = 0; page * SNAPSHOT_PAGE_SIZE < players; page++) {
  const rows = [];
  for (let i = page * SNAPSHOT_PAGE_SIZE; i < Math.min(players, (page + 1) * SNAPSHOT_PAGE_SIZE); i++)
    rows.push(yearlyRow(i));
  yearlyUnits += count(rankingPageItem(snapshotId, 0, 'YEARLY', page + 1, rows));
}
for (let i = 0; i < players; i++) {
  const row = yearlyRow(i);
  yearlyUnits += count(
    rankingUserItem(snapshotId, 0, {
      user_id: row.user_id,
      ranks: [row.rank],
      values: [row.value],
      display_values: [row.display_value],
    }),
  );
}
const [busiestKey, busiestUnits] = [...perKey].sort((a, b) => b[1] - a[1])[0]!;
const unitsToday = 4 * scopeUnits + yearlyUnits;
const unitsPerUpdate = scopeUnits + yearlyUnits;
console.log(
  JSON.stringify({
    players,
    units_per_update: unitsPerUpdate,
    units_today: unitsToday,
    share_of_today: Math.round((unitsPerUpdate / unitsToday) * 1000) / 1000,
    units_no_change: 0,
    scope_units: scopeUnits,
    yearly_units: yearlyUnits,
    largest_key_units: busiestUnits,
    largest_key: busiestKey.replace(snapshotId, '{snapshot}'),
    largest_key_publish_s: Math.round(busiestUnits / keyLimitPerSecond),
    import_answer_ms: null,
    import_to_served_ms: null,
    sizing_ms: Math.round(performance.now() - started),
    peak_rss_mb: Math.round(process.memoryUsage().rss / 2 ** 20),
  }),
);
