/**
 * `npx tsx scripts/bench/ranking-publish.ts <players>`: what one results update of the live round
 * costs to publish after round 4, by the recompute's own items (`roundScope`, `yearlyItems`) sized
 * as written. The job keeps the round scopes whose inputs did not change (rounds 1-3 for a round-4
 * update) and writes the changed scope and the yearly board: compressed pages spread over shards,
 * one index per board and the users' values in buckets. A run with nothing stale writes nothing.
 *
 * "Today" is the layout before: every started round's scope and the yearly board written again on
 * every run, pages of plain rows under one partition key per board and one rank item per user and
 * scope. It is sized from the same rows (the pages unpacked, the rank items rebuilt).
 *
 * Also the write units that land on the busiest partition key, and the time that key alone needs
 * at AWS's documented limit of 1,000 write units per second per partition (a key never spans two
 * partitions), and the time the recompute itself takes in this process (ranking, pages, packing).
 * Prints one JSON line, the object `run` returns (a smoke run of `npm run bench:ranking` calls `run`
 * instead of starting the script).
 */
import { ulid } from 'ulid';
import { personalRanking, personalRankingTypes } from '../../shared/src/game/personal-ranking';
import { rankEntries } from '../../functions/src/domain/ranking/rules/board-order';
import { roundScope, yearlyItems } from '../../functions/src/domain/ranking/snapshot/snapshot-items';
import { YEARLY_SCOPE } from '../../functions/src/domain/ranking/rules/ranking-scope';
import { PARALLEL_PACKING_FROM, runPool } from '../../functions/src/domain/ranking/snapshot/packing-pool';
import { defaultPackingWorkers } from '../../functions/src/lib/config';
import {
  snapshotTtlSeconds,
  unpackRows,
} from '../../functions/src/db/repositories/ranking-pages/ranking-repository';
import { competitionRanking, ranksByEntry } from '../../shared/src/game/ranking';
import { formatYearlyPoints } from '../../shared/src/game/yearly-points';
import { writeUnits } from './item-size';
import { syntheticMembers, syntheticMetrics } from './synthetic-season';
import { decodeSeasonPoints, encodeSeasonPoints } from '../../functions/src/domain/ranking/io/season-points';
import { isEntryPoint } from '../entry-point';

const now = new Date('2026-06-01T09:00:00Z');
const expiresAt = Math.floor(now.getTime() / 1000) + snapshotTtlSeconds;
/** DynamoDB's documented throughput of one partition: 1,000 write units per second. */
const keyLimitPerSecond = 1_000;

/** The personal type of a page's partition key (`…#T{type}`), whose displays are formatted on reading. */
const typeOf = (pk: string) => Number(/#T(\d+)$/.exec(pk)?.[1] ?? 1);

/** The measurement at `<players>`, from the script's arguments. */
export async function run(args: readonly string[]): Promise<Record<string, unknown>> {
  const players = Number(args[0] ?? 100_000);
  // Packed by the job's workers, as many as it would start here (the cores less one).
  const workers = Number(process.env['RANKING_PACKING_WORKERS'] ?? defaultPackingWorkers());
  const pool = runPool(workers);
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  try {
    const { userIds, metrics } = syntheticMetrics(players);
    const { profiles, guilds } = syntheticMembers(userIds);
    const snapshotId = ulid(now.getTime());

    const perKey = new Map<string, number>();
    const count = (item: Record<string, unknown>) => {
      const units = writeUnits({ ...item, expiresAt });
      perKey.set(String(item['PK']), (perKey.get(String(item['PK'])) ?? 0) + units);
      return units;
    };
    // Yearly points: 1,000 distinct values, ranked higher first, as the recompute ranks them (by user id
    // within a tie: the ids are sorted).
    const points = Float64Array.from(userIds, (_, i) => 1000 - (i % 1000));
    const nicknameOf = (i: number) => profiles.get(userIds[i]!)?.nickname;

    // The recompute of the changed scope and the yearly board, in process, taken item by item as the
    // job's write takes them (each item sized, none kept): wall time (on a machine shared with other
    // work), the CPU time this process spent and its peak memory.
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    const scope = roundScope({ snapshotId, round: 4, userIds, metrics, profiles, guilds }, pool.for(players));
    let scopeUnits = 0;
    let yearlyUnits = 0;
    let itemCount = 0;
    for await (const item of scope.items()) {
      scopeUnits += count(item);
      itemCount++;
    }
    // The tournament's users as the round scope encoded them, copied for the yearly board as the job does.
    const known = { userIds, users: scope.users };
    for await (const item of yearlyItems(snapshotId, userIds, points, nicknameOf, pool.for(players), known)) {
      yearlyUnits += count(item);
      itemCount++;
    }
    const recomputeMs = performance.now() - started;
    const cpu = process.cpuUsage(cpuStarted);
    const recomputeCpuMs = (cpu.user + cpu.system) / 1000;
    peak = Math.max(peak, process.memoryUsage().rss);
    clearInterval(sampler);
    const [busiestKey, busiestUnits] = [...perKey].sort((a, b) => b[1] - a[1])[0]!;

    // The season's other tournaments' points as a run keeps them (one object, season-points.ts), here
    // for as many users as the tournament: its size, and the time a run takes to read them back (then
    // added to the live tournament's points in one pass over both lists, in id order) instead of scoring
    // those tournaments again.
    const keptBytes = encodeSeasonPoints({
      format: 1,
      season_id: 2026,
      except: 'bench',
      key: 'bench',
      users: [...userIds],
      points: Array.from(points),
    });
    const keptStarted = performance.now();
    const kept = decodeSeasonPoints(keptBytes)!;
    const seasonPointsReadMs = performance.now() - keptStarted;
    if (kept.users.length !== players) throw new Error('the kept points were not read back');

    /** Today's items of the same scope: each stored page once, its rows plain, and one rank item per user. */
    async function* todayItems(
      items: AsyncIterable<Record<string, unknown>>,
      round: number,
      userRecord: (i: number) => object,
    ) {
      const seen = new Set<string>();
      for await (const item of items) {
        if (item['entity'] !== 'ranking_page') continue;
        const pk = String(item['PK']).replace(/#S\d+$/, '');
        if (seen.has(`${pk}/${String(item['SK'])}`)) continue;
        seen.add(`${pk}/${String(item['SK'])}`);
        yield {
          PK: pk,
          SK: item['SK'],
          entity: 'ranking_page',
          rows: unpackRows(item['rows'] as Uint8Array, (value) =>
            round === YEARLY_SCOPE ? formatYearlyPoints(value) : personalRanking(typeOf(pk)).display(value),
          ),
          expiresAt,
        };
      }
      for (let i = 0; i < userIds.length; i++)
        yield {
          PK: `RANKUSER#${snapshotId}#R${round}`,
          SK: `USER#${userIds[i]}`,
          entity: 'ranking_user',
          user_id: userIds[i],
          ...userRecord(i),
          expiresAt,
        };
    }
    const sum = async (items: AsyncIterable<Record<string, unknown>>) => {
      let units = 0;
      for await (const item of items) units += writeUnits(item);
      return units;
    };
    // userRank[(t - 1) * n + i] = user i's rank in type t (0 = no entry), as the recompute ranks the types.
    const userRank = new Uint32Array(players * personalRankingTypes.length);
    for (const type of personalRankingTypes) {
      const { order, rankAt } = rankEntries(metrics[type - 1]!, personalRanking(type).order);
      for (let p = 0; p < order.length; p++) userRank[(type - 1) * players + order[p]!] = rankAt[p]!;
    }
    // Built again (outside the measurement) to be unpacked into today's rows.
    const todayScopeUnits = await sum(
      todayItems(scope.items(), 4, (i) => {
        const values = personalRankingTypes.map((type) => metrics[type - 1]![i]!);
        return {
          ranks: personalRankingTypes.map((type) => userRank[(type - 1) * players + i]!),
          values: values.map((value) => (Number.isNaN(value) ? null : value)),
          display_values: personalRankingTypes.map((type) =>
            Number.isNaN(values[type - 1]!) ? null : personalRanking(type).display(values[type - 1]!),
          ),
        };
      }),
    );
    const yearlyRank = ranksByEntry(competitionRanking(points, 'higher'));
    const todayYearlyUnits = await sum(
      todayItems(yearlyItems(snapshotId, userIds, points, nicknameOf), YEARLY_SCOPE, (i) => ({
        ranks: [yearlyRank[i]],
        values: [points[i]],
        display_values: [formatYearlyPoints(points[i]!)],
      })),
    );

    const unitsToday = 4 * todayScopeUnits + todayYearlyUnits;
    const unitsPerUpdate = scopeUnits + yearlyUnits;
    return {
      players,
      units_per_update: unitsPerUpdate,
      units_today: unitsToday,
      share_of_today: Math.round((unitsPerUpdate / unitsToday) * 1000) / 1000,
      units_no_change: 0,
      items_per_update: itemCount,
      scope_units: scopeUnits,
      yearly_units: yearlyUnits,
      today_scope_units: todayScopeUnits,
      today_yearly_units: todayYearlyUnits,
      partition_keys: perKey.size,
      largest_key_units: busiestUnits,
      largest_key: busiestKey.replace(snapshotId, '{snapshot}'),
      largest_key_publish_s: Math.round((busiestUnits / keyLimitPerSecond) * 10) / 10,
      import_answer_ms: null,
      import_to_served_ms: null,
      recompute_ms: Math.round(recomputeMs),
      recompute_cpu_ms: Math.round(recomputeCpuMs),
      packing_workers: players >= PARALLEL_PACKING_FROM ? workers : 0,
      peak_rss_mb: Math.round(peak / 2 ** 20),
      season_points_mb: Math.round((keptBytes.length / 2 ** 20) * 10) / 10,
      season_points_read_ms: Math.round(seasonPointsReadMs),
    };
  } finally {
    clearInterval(sampler);
    await pool.close();
  }
}

if (isEntryPoint(import.meta.url)) console.log(JSON.stringify(await run(process.argv.slice(2))));
