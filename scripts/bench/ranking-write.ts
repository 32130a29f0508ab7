/**
 * `npx tsx scripts/bench/ranking-write.ts <players> [--write]`: the snapshot items of one round scope
 * of a synthetic season, built by the recompute's own `roundScope` (pages of the 7 personal types,
 * guild boards, their indexes and the users' values in buckets), counted with their DynamoDB size and write units. With
 * `--write` they are also written to an in-memory DynamoDB Local through `writeSnapshot` (the
 * recompute's write path: BatchWriteItem 25 at a time, retries with backoff, then the pointer),
 * timed, counted back, read a page at a time, and a sample of items is put again to compare the
 * write units DynamoDB Local reports with the computed ones. Prints one JSON line, the object `run`
 * returns (a smoke run of `npm run bench:ranking` calls `run` instead of starting the script).
 */
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { scoreRanking } from '@golf/shared/game/personal-ranking';
import { SNAPSHOT_PAGE_SIZE } from '../../functions/src/domain/ranking/rules/board-order';
import { roundScope } from '../../functions/src/domain/ranking/snapshot/snapshot-items';
import { db, setDb, tableName } from '../../functions/src/db/client';
import {
  type RankingPointer,
  rankingRepository,
  snapshotTtlSeconds,
} from '../../functions/src/db/repositories/ranking-pages/ranking-repository';
import { resetConfig } from '../../functions/src/lib/config';
import { databaseOnRunDynamoDb, startDynamoDbLocal } from '../local-stack/dynamodb-local';
import { ensureTable } from '../local-stack/table';
import { itemSizeBytes, writeUnits } from './item-size';
import { percentile } from './stats';
import { syntheticMembers, syntheticMetrics } from './synthetic-season';
import { isEntryPoint } from '../entry-point';

const now = new Date('2026-06-01T09:00:00Z');
const round = 1;

/** The measurement at `<players>` (written with `--write`), from the script's arguments. */
export async function run(args: readonly string[]): Promise<Record<string, unknown>> {
  const players = Number(args[0] ?? 10_000);
  const write = args.includes('--write');

  const { userIds, metrics } = syntheticMetrics(players);
  const { profiles, guilds } = syntheticMembers(userIds);
  const snapshotId = ulid(now.getTime());

  const buildStart = performance.now();
  const scope = roundScope({ snapshotId, round, userIds, metrics, profiles, guilds });
  // Sized as written: writeSnapshot adds the expiry to every item.
  const expiresAt = Math.floor(now.getTime() / 1000) + snapshotTtlSeconds;
  const counts = { page: 0, user: 0, bytes: 0, wcu: 0, pageWcu: 0, maxBytes: 0 };
  const items: Array<Record<string, unknown>> = [];
  for await (const item of scope.items()) {
    const bytes = itemSizeBytes({ ...item, expiresAt });
    const units = Math.ceil(bytes / 1024);
    if (item['entity'] === 'ranking_page') {
      counts.page++;
      counts.pageWcu += units;
    } else counts.user++;
    counts.bytes += bytes;
    counts.wcu += units;
    counts.maxBytes = Math.max(counts.maxBytes, bytes);
    if (write) items.push(item);
  }
  const buildMs = performance.now() - buildStart;

  const result: Record<string, number | null> = {
    players,
    page_items: counts.page,
    index_and_value_items: counts.user,
    snapshot_items: counts.page + counts.user,
    snapshot_mb: Math.round((counts.bytes / 2 ** 20) * 10) / 10,
    max_item_kb: Math.round((counts.maxBytes / 1024) * 10) / 10,
    wcu: counts.wcu,
    page_wcu: counts.pageWcu,
    index_and_value_wcu: counts.wcu - counts.pageWcu,
    batch_write_calls: Math.ceil((counts.page + counts.user) / 25),
    build_ms: Math.round(buildMs),
    write_ms: null,
    items_per_s: null,
    stored_items: null,
    page_read_p50_ms: null,
    wcu_checked_items: null,
    wcu_mismatches: null,
  };

  if (write) {
    // Under npm test, a database of its own on the run's DynamoDB Local instead of a JVM of its own.
    const dynamo =
      databaseOnRunDynamoDb(null, 'ap-northeast-1') ?? (await startDynamoDbLocal({ dataDir: null }));
    try {
      Object.assign(process.env, {
        STAGE: 'local',
        AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
        AWS_REGION: 'ap-northeast-1',
        AWS_ACCESS_KEY_ID: dynamo.accessKeyId ?? 'local',
        AWS_SECRET_ACCESS_KEY: dynamo.accessKeyId ?? 'local',
        TABLE_NAME: 'golf-bench',
      });
      resetConfig();
      setDb(undefined);
      await ensureTable(tableName());
      const pointer: RankingPointer = {
        game_global_id: 'bench',
        snapshot_id: snapshotId,
        created_at: now.toISOString(),
        active_round: round,
        scopes: { [round]: { provisional: false, totals: scope.totals, boards: scope.boards } },
        page_size: SNAPSHOT_PAGE_SIZE,
      };
      const writeStart = performance.now();
      const { written } = await rankingRepository.writeSnapshot(items, pointer, now);
      const writeMs = performance.now() - writeStart;
      result['write_ms'] = Math.round(writeMs);
      result['items_per_s'] = Math.round(written / (writeMs / 1000));

      // Counted back partition by partition: every board's pages and the user items.
      const partitions = new Set(items.map((item) => String(item['PK'])));
      let stored = 0;
      for (const partition of partitions) {
        let ExclusiveStartKey: Record<string, unknown> | undefined;
        do {
          const page = await db().send(
            new QueryCommand({
              TableName: tableName(),
              KeyConditionExpression: 'PK = :pk',
              ExpressionAttributeValues: { ':pk': partition },
              Select: 'COUNT',
              ExclusiveStartKey,
            }),
          );
          stored += page.Count ?? 0;
          ExclusiveStartKey = page.LastEvaluatedKey;
        } while (ExclusiveStartKey);
      }
      result['stored_items'] = stored;

      // One Query per page, whatever the size: read 200 pairs of adjacent pages of type 1 spread over
      // the ranking (a page of another size spans two stored pages, across a shard's end too).
      const pages = Math.ceil(scope.totals[0]! / SNAPSHOT_PAGE_SIZE);
      const latencies: number[] = [];
      for (let i = 0; i < 200; i++) {
        const page = 1 + ((i * 7919) % pages);
        const start = performance.now();
        const rows = await rankingRepository.readPages(
          snapshotId,
          round,
          'T1',
          page,
          Math.min(page + 1, pages),
          // Personal pages are stored without displays: the read formats them, as the ranking call does.
          scoreRanking.display,
        );
        latencies.push(performance.now() - start);
        if (!rows.length) throw new Error(`page ${page} of T1 is empty`);
      }
      result['page_read_p50_ms'] = Math.round(percentile(latencies, 50) * 10) / 10;

      // The write units as DynamoDB Local reports them, for a sample of page and user items.
      const spread = (list: typeof items) => list.filter((_, i) => i % Math.ceil(list.length / 100) === 0);
      const sample = [
        ...spread(items.filter((item) => item['entity'] === 'ranking_page')),
        ...spread(items.filter((item) => item['entity'] === 'ranking_values')),
      ];
      let mismatches = 0;
      for (const item of sample) {
        const Item = { ...item, expiresAt };
        const { ConsumedCapacity } = await db().send(
          new PutCommand({ TableName: tableName(), Item, ReturnConsumedCapacity: 'TOTAL' }),
        );
        if (ConsumedCapacity?.CapacityUnits !== writeUnits(Item)) mismatches++;
      }
      result['wcu_checked_items'] = sample.length;
      result['wcu_mismatches'] = mismatches;
    } finally {
      await dynamo.stop();
    }
  }

  return result;
}

if (isEntryPoint(import.meta.url)) console.log(JSON.stringify(await run(process.argv.slice(2))));
