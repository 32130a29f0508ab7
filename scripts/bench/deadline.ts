/**
 * `npm run bench:deadline [-- --target 20000]`: the heat the deadline minute's team saves put on
 * each partition key, measured on the real save path, and the throttle-free ceiling it allows,
 * modelled from DynamoDB's documented limits.
 *
 * The local stack runs in this process (in-memory DynamoDB Local, the sample season), so the
 * handlers' DynamoDB client carries the recorder (capacity-recorder.ts). 3,000 players of their own
 * (a quarter with save receipts on, a third in guilds of 30) each make one call of the deadline
 * minute's mix, signed in, through the stack's API Gateway stand-in to the handler, 8 at a time, each
 * call in an async context of its own so that every request it sends is put down to it: new full teams, a golfer changed in one slot of a team already saved, a copy of the player's team
 * of the previous round (saved as a full team: there is no copy route, the carry-over job copies at
 * the deadline), the AI team of a mode, and, once the stack's clock is past the deadline, late saves
 * (refused, 409). Every request is put down to the save that sent it and to its kind.
 *
 * Prints and writes bench/results/deadline.json and its section of docs/performance.md: per key
 * pattern (shards collapsed to `S{k}` or `{k}`, the hottest concrete key named) the units per save,
 * the hottest key's share of its partition's limit at 1,000 saves a second, and the ceiling (partition
 * limit / units per save on the hottest key); the table's units per save against its default
 * on-demand quota, and the quota a target rate needs. `-- --smoke`: 200 players, nothing written;
 * it checks that the table was computed from the recorded requests (the save's team and gate keys
 * have rows with units, the rows add up to the recorded items), not the thresholds.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage } from 'node:http';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { Readable } from 'node:stream';
import { batchWriteAll } from '../../functions/src/db/batch-write';
import {
  guildItem,
  guildMemberItem,
  guildMembershipItem,
} from '../../functions/src/db/repositories/guild-repository';
import { teamItem, type TeamRecord } from '../../functions/src/db/repositories/team-repository';
import { userItem } from '../../functions/src/db/repositories/user-repository';
import { keys } from '../../functions/src/db/keys';
import { newPlayer } from '../../functions/src/domain/account/account-service';
import { signLocalAccessToken } from '../../functions/src/lib/local-issuer';
import { invokeApi } from '../local-stack/lambda-adapter';
import { startStack } from '../local-stack/stack';
import { recordCapacity, type RecordedRequest } from './capacity-recorder';
import {
  documentedLimits,
  expectedHottestOverMean,
  keyHeatModel,
  patternRows,
  referenceSavesPerSecond,
  type CausedUnits,
  type PatternRow,
} from './key-heat';
import { sampleRounds, teamOfSave } from './sample-round';
import { sampleSeason, sized, smokeDone, writeFigures, writePerformanceSection } from './smoke';

const players = sized(3_000, 200);
const targetArgument = process.argv.indexOf('--target');
const targetSavesPerSecond = targetArgument > 0 ? Number(process.argv[targetArgument + 1]) : 20_000;
const guildSize = 30;
/** Calls under way at once (each recorded in its own context). */
const callsInFlight = 8;
const log = (line: string) => console.error(`[bench:deadline] ${line}`);

/** The calls of the deadline minute, in the share each takes of every 20. */
const mix = [
  ['new_team', 7],
  ['slot_change', 6],
  ['copy_previous_round', 2],
  ['ai_team', 3],
  ['late_refused', 2],
] as const;
type Kind = (typeof mix)[number][0];
const kindOf = (n: number): Kind => {
  let slot = n % 20;
  for (const [kind, share] of mix) {
    if (slot < share) return kind;
    slot -= share;
  }
  throw new Error('the mix covers 20 calls');
};
const aiModes = ['condition', 'stability', 'chance'] as const;

const userId = (n: number) => `deadline-user-${String(n).padStart(6, '0')}`;
const guildId = (n: number) => `deadline-guild-${String(Math.floor(n / 3 / guildSize)).padStart(4, '0')}`;
const receiptsOn = (n: number) => n % 4 === 0;
const inGuild = (n: number) => n % 3 === 0;

/** The players, their receipt settings and guilds, and the teams the changes and copies start from. */
function seedItems(
  gameGlobalId: string,
  round: number,
  openRound: number,
  pool: readonly string[],
  now: Date,
) {
  const at = now.toISOString();
  const team = (n: number, forRound: number, picks: string[]): TeamRecord => ({
    game_global_id: gameGlobalId,
    round: forRound,
    user_id: userId(n),
    picks: picks.map((player_id, i) => ({ slot: (i + 1) as 1 | 2 | 3 | 4, player_id, auto: false })),
    source: 'manual',
    last_saved_at: at,
    version: 1,
  });
  const items: Record<string, unknown>[] = [];
  const guilds = new Map<string, string[]>();
  for (let n = 0; n < players; n++) {
    const id = userId(n);
    items.push(
      userItem(
        newPlayer(id, new Date(now.getTime() - 30 * 86_400_000), {
          email: `${id}@example.com`,
          nickname: `締切${n}`,
          tutorial_flg: true,
          is_registed_email: true,
          is_accepted_policy: true,
          status: 'complete',
        }),
      ),
    );
    if (receiptsOn(n))
      items.push({
        ...keys.saveReceiptSettings(id),
        entity: 'save_receipt_settings',
        email: true,
        updated_at: at,
      });
    if (inGuild(n)) guilds.set(guildId(n), [...(guilds.get(guildId(n)) ?? []), id]);
    const kind = kindOf(n);
    if (kind === 'slot_change') items.push(teamItem(team(n, openRound, teamOfSave(pool, n, 0))));
    if (kind === 'copy_previous_round') items.push(teamItem(team(n, round, teamOfSave(pool, n, 2))));
  }
  for (const [guild, members] of guilds) {
    items.push(
      guildItem({
        guild_id: guild,
        name: guild,
        comment: '',
        entry_type: 1,
        is_public: false,
        image_key: null,
        image_type: 0,
        owner_id: members[0]!,
        join_code: `code-${guild}`,
        member_count: members.length,
        created_at: at,
        updated_at: at,
      }),
    );
    for (const [i, member] of members.entries()) {
      const record = {
        guild_id: guild,
        user_id: member,
        role: i === 0 ? 'owner' : 'member',
        joined_at: at,
      } as const;
      items.push(guildMemberItem(record), guildMembershipItem(record));
    }
  }
  return items;
}

/** The call player `n` makes: its method, path and body. */
function callOf(n: number, gameGlobalId: string, openRound: number, pool: readonly string[]) {
  const kind = kindOf(n);
  const team = (index: number) => ({ game_global_id: gameGlobalId, player_ids: teamOfSave(pool, n, index) });
  switch (kind) {
    case 'new_team':
    case 'late_refused':
      return { method: 'PUT', path: `/api/golf/round/${openRound}/team`, body: team(0) };
    case 'copy_previous_round':
      return { method: 'PUT', path: `/api/golf/round/${openRound}/team`, body: team(2) };
    case 'slot_change': {
      // One golfer of the seeded team (teamOfSave(pool, n, 0)) replaced by one it does not hold.
      const slot = 1 + (n % 4);
      const player_id = teamOfSave(pool, n, 1)[slot - 1]!;
      return {
        method: 'PUT',
        path: `/api/golf/round/${openRound}/draft/${slot}`,
        body: { game_global_id: gameGlobalId, player_id },
      };
    }
    case 'ai_team':
      return {
        method: 'POST',
        path: `/api/golf/round/${openRound}/auto/${aiModes[n % aiModes.length]}`,
        body: { game_global_id: gameGlobalId },
      };
  }
}

interface Cause {
  save: number;
  kind: Kind;
}

const round2 = (value: number, digits = 4) => Math.round(value * 10 ** digits) / 10 ** digits;

async function main() {
  const started = performance.now();
  const now = new Date();
  const { season, gameGlobalId, round, openRound, pool } = sampleRounds(now);
  const deadline = Date.parse(
    season.tournaments.find((t) => t.game_global_id === gameGlobalId)!.rounds[openRound - 1]!.deadline_at,
  );
  if (deadline - now.getTime() < 30 * 60_000)
    throw new Error(`round ${openRound} of ${gameGlobalId} closes within 30 minutes: run the bench later`);
  const loadAtStart = loadavg();
  // A metric line on stdout per save; the requests that failed are counted below instead of logged.
  process.env['LOG_LEVEL'] ??= 'silent';
  const stack = await startStack({ port: 0, dataDir: null, spaDir: null, ...sampleSeason(now), quiet: true });
  const requests: Array<RecordedRequest<Cause>> = [];
  // Each call runs in a context of its own: every request it sends is put down to it.
  const calls = new AsyncLocalStorage<Cause>();
  let stopRecording: (() => void) | undefined;
  try {
    // The deadline minute: the stack's clock a little before the round closes.
    await stack.setClock(new Date(deadline - 20 * 60_000));
    const items = seedItems(gameGlobalId, round, openRound, pool, now);
    await batchWriteAll(items, { concurrency: 8 });
    const seededSeconds = (performance.now() - started) / 1000;
    log(`${players} players (${items.length} items) seeded after ${seededSeconds.toFixed(1)} s`);
    const tokens: string[] = [];
    for (let n = 0; n < players; n += 100)
      tokens.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(100, players - n) }, async (_, i) => {
            return (await signLocalAccessToken({ sub: userId(n + i) })).token;
          }),
        )),
      );
    const tokenIds = tokens.map(
      (token) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).jti as string,
    );

    const statuses = new Map<Kind, Map<number, number>>();
    const send = async (n: number) => {
      const call = callOf(n, gameGlobalId, openRound, pool);
      const body = Buffer.from(JSON.stringify(call.body));
      // The request as the stack's server hands it to API Gateway's stand-in and the handler.
      const request = Object.assign(Readable.from([body]), {
        url: call.path,
        method: call.method,
        httpVersion: '1.1',
        headers: {
          host: new URL(stack.url).host,
          authorization: `Bearer ${tokens[n]}`,
          'content-type': 'application/json',
          'content-length': String(body.length),
        },
      }) as unknown as IncomingMessage;
      const { status } = await calls.run({ save: n, kind: kindOf(n) }, () =>
        invokeApi(request, { includeLocalOnly: true, sourceIp: '127.0.0.1' }),
      );
      const byStatus = statuses.get(kindOf(n)) ?? new Map<number, number>();
      byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
      statuses.set(kindOf(n), byStatus);
    };
    /** The calls of `list`, `callsInFlight` at a time. */
    const sendAll = async (list: number[]) => {
      let next = 0;
      await Promise.all(
        Array.from({ length: callsInFlight }, async () => {
          while (next < list.length) await send(list[next++]!);
        }),
      );
    };
    stopRecording = recordCapacity(
      () => calls.getStore(),
      (request) => requests.push(request),
    );
    const savesStarted = performance.now();
    const order = Array.from({ length: players }, (_, n) => n);
    await sendAll(order.filter((n) => kindOf(n) !== 'late_refused'));
    await stack.setClock(new Date(deadline + 30_000));
    await sendAll(order.filter((n) => kindOf(n) === 'late_refused'));
    const savesSeconds = (performance.now() - savesStarted) / 1000;
    log(`${players} calls in ${savesSeconds.toFixed(1)} s (${requests.length} requests recorded)`);
    stopRecording();
    stopRecording = undefined;

    const expected = (kind: Kind) => (kind === 'late_refused' ? 409 : 200);
    const answers = Object.fromEntries(
      mix.map(([kind]) => [
        kind,
        Object.fromEntries([...(statuses.get(kind) ?? [])].map(([s, c]) => [String(s), c])),
      ]),
    );
    const unexpected = mix.filter(([kind]) =>
      [...(statuses.get(kind) ?? [])].some(([status]) => status !== expected(kind)),
    );
    if (unexpected.length) throw new Error(`unexpected answers: ${JSON.stringify(answers)}`);

    // The bench's own values named in the patterns.
    const names = new Map<string, string>([[gameGlobalId, '{game}']]);
    for (const entry of season.fields) names.set(entry.player_id, '{player}');
    for (let n = 0; n < players; n++) {
      names.set(userId(n), '{user}');
      names.set(tokenIds[n]!, '{token}');
      if (inGuild(n)) names.set(guildId(n), '{guild}');
    }
    const units: CausedUnits[] = requests.flatMap((request) =>
      request.cause ? request.items.map((item) => ({ ...item, save: request.cause!.save })) : [],
    );
    const outside = requests.filter((request) => !request.cause);
    const rows = patternRows(units, players, names).map((row): PatternRow & { expected_over_mean?: number } =>
      row.hottest.over_mean === undefined
        ? row
        : { ...row, expected_over_mean: expectedHottestOverMean(row.saves, row.keys) },
    );
    const sum = (list: readonly CausedUnits[], field: 'rcu' | 'wcu') =>
      list.reduce((total, u) => total + u[field], 0);
    const onTable = units.filter((u) => !u.index);
    const onIndexes = units.filter((u) => u.index);
    const totals = {
      rcu: sum(onTable, 'rcu'),
      wcu: sum(onTable, 'wcu'),
      indexRcu: sum(onIndexes, 'rcu'),
      indexWcu: sum(onIndexes, 'wcu'),
    };
    const model = keyHeatModel(rows, totals, players, targetSavesPerSecond);

    // The table is computed from the recorded requests: every run checks it adds up.
    const rowTotal = (field: 'rcu' | 'wcu') => rows.reduce((total, row) => total + row[field], 0);
    const itemsAddUp =
      Math.abs(rowTotal('wcu') - (totals.wcu + totals.indexWcu)) < 1e-6 &&
      Math.abs(rowTotal('rcu') - (totals.rcu + totals.indexRcu)) < 1e-6;
    const roleRow = (role: 'team' | 'gate') =>
      rows.find((row) => row.roles.includes(role) && row.wcu_per_save > 0);
    const checks = {
      team_key_row: roleRow('team')?.pattern ?? null,
      gate_key_row: roleRow('gate')?.pattern ?? null,
      rows_add_up_to_recorded_items: itemsAddUp,
      requests_outside_a_save: outside.length,
    };
    if (!checks.team_key_row || !checks.gate_key_row || !itemsAddUp || outside.length)
      throw new Error(`the key table does not hold: ${JSON.stringify(checks)}`);

    const byKind = Object.fromEntries(
      mix.map(([kind]) => {
        const saves = order.filter((n) => kindOf(n) === kind).length;
        const mine = units.filter((u) => kindOf(u.save) === kind);
        const role = (r: 'team' | 'gate') =>
          round2(
            sum(
              mine.filter((u) => u.role === r),
              'wcu',
            ) / saves,
          );
        return [
          kind,
          {
            saves,
            requests_per_save: round2(requests.filter((r) => r.cause?.kind === kind).length / saves, 2),
            wcu_per_save: round2(sum(mine, 'wcu') / saves),
            rcu_per_save: round2(sum(mine, 'rcu') / saves),
            team_key_wcu_per_save: role('team'),
            gate_key_wcu_per_save: role('gate'),
          },
        ];
      }),
    );
    // Where DynamoDB Local returned a total for a request split by the rule: the two side by side.
    const capacityCheck: Record<
      string,
      { requests: number; matching: number; returned: number; attributed: number }
    > = {};
    for (const request of requests) {
      if (request.returned === undefined || request.items.every((item) => item.source === 'returned'))
        continue;
      const attributed = request.items.reduce((total, item) => total + item.rcu + item.wcu, 0);
      const entry = (capacityCheck[request.operation] ??= {
        requests: 0,
        matching: 0,
        returned: 0,
        attributed: 0,
      });
      entry.requests++;
      entry.matching += Math.abs(attributed - request.returned) < 1e-9 ? 1 : 0;
      entry.returned += request.returned;
      entry.attributed += attributed;
    }
    const operations: Record<string, number> = {};
    const failures: Record<string, number> = {};
    for (const request of requests) {
      operations[request.operation] = (operations[request.operation] ?? 0) + 1;
      const failure =
        request.failed &&
        `${request.cause?.kind ?? 'outside a call'}: ${request.operation}: ${request.failed}`;
      if (failure) failures[failure] = (failures[failure] ?? 0) + 1;
    }

    const result = {
      measured_at: now.toISOString(),
      machine: {
        cpus: cpus().length,
        available_parallelism: availableParallelism(),
        node: process.version,
        load_average_at_start: loadAtStart.map((value) => round2(value, 1)),
        load_average_at_end: loadavg().map((value) => round2(value, 1)),
      },
      tournament: gameGlobalId,
      round: openRound,
      saves: players,
      mix: {
        shares_of_20: Object.fromEntries(mix),
        receipts_on: '1 player in 4',
        in_guilds: `1 player in 3, guilds of ${guildSize}`,
        answers,
      },
      seconds: {
        start_and_seed: round2(seededSeconds, 1),
        saves: round2(savesSeconds, 1),
        total: round2((performance.now() - started) / 1000, 1),
      },
      requests: {
        total: requests.length,
        per_save: round2(requests.length / players, 2),
        by_operation: operations,
        failed: failures,
      },
      capacity_check_against_dynamodb_local: capacityCheck,
      modelled: {
        note:
          "Derived from AWS's documented DynamoDB limits, not measured on AWS: a partition key takes at most " +
          '1,000 WCU and 3,000 RCU a second; a table 40,000 WCU and 40,000 RCU a second by default on demand.',
        limits: documentedLimits,
        reference_saves_per_s: referenceSavesPerSecond,
        ...model,
      },
      by_kind: byKind,
      keys: rows,
      checks,
    };
    return result;
  } finally {
    stopRecording?.();
    await stack.stop();
  }
}

const percent = (share: number) => `${(share * 100).toFixed(share < 0.001 ? 3 : 2)}%`;
const figure = (value: number | null) => (value === null ? '-' : value.toLocaleString('en'));

const result = await main();
const { modelled } = result;
const rowsShown = result.keys.slice(0, 12);
const keyTable = [
  '| key pattern | role | keys | WCU/save | RCU/save | hottest key | its WCU/save | its RCU/save | share at 1,000 saves/s (write / read) | ceiling, saves/s (write / read) |',
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ...rowsShown.map(
    (row) =>
      `| \`${row.pattern}\` | ${row.roles.join(', ') || '-'} | ${row.keys} | ${row.wcu_per_save} | ${row.rcu_per_save} | \`${row.hottest.key}\` | ${row.hottest.wcu_per_save} | ${row.hottest.rcu_per_save} | ${percent(row.share_at_reference.write)} / ${percent(row.share_at_reference.read)} | ${figure(row.ceiling_saves_per_s.write)} / ${figure(row.ceiling_saves_per_s.read)} |`,
  ),
].join('\n');
console.log(keyTable);
const { keys: _keys, ...summary } = result;
console.log(JSON.stringify(summary, null, 2));
writeFigures('bench/results/deadline.json', `${JSON.stringify(result, null, 2)}\n`);

const table = modelled.table;
const targetName = Object.keys(modelled.targets)[0]!;
const met = (value: boolean | undefined) => (value ? '**met**' : '**not met**');
const kindTable = [
  '| call | saves | requests/save | WCU/save | RCU/save | team key WCU/save | gate key WCU/save |',
  '| --- | --- | --- | --- | --- | --- | --- |',
  ...Object.entries(result.by_kind).map(
    ([kind, k]) =>
      `| ${kind.replaceAll('_', ' ')} | ${k.saves.toLocaleString('en')} | ${k.requests_per_save} | ${round(k.wcu_per_save)} | ${round(k.rcu_per_save)} | ${round(k.team_key_wcu_per_save)} | ${round(k.gate_key_wcu_per_save)} |`,
  ),
].join('\n');
const checkLines = Object.entries(result.capacity_check_against_dynamodb_local)
  .map(
    ([operation, c]) =>
      `${operation}, ${c.matching.toLocaleString('en')} of ${c.requests.toLocaleString('en')} requests equal (${round(c.attributed).toLocaleString('en')} units by the rule, ${round(c.returned).toLocaleString('en')} returned)`,
  )
  .join('; ');
const transactions = result.capacity_check_against_dynamodb_local['TransactWriteItems'];
const failedLines = Object.entries(result.requests.failed)
  .map(([request, count]) => `${count} ${request}`)
  .join('; ');
function round(value: number) {
  return Math.round(value * 100) / 100;
}
const section = `<!-- deadline:start -->
## The deadline minute: key heat

Command: \`npm run bench:deadline [-- --target 20000]\` (\`scripts/bench/deadline.ts\`; writes
\`bench/results/deadline.json\` and this section).

It drives the real save path: the local stack in the bench's own process (in-memory DynamoDB Local,
the sample season), ${result.saves.toLocaleString('en')} players of its own, signed in, each making one call of the deadline
minute's mix through the stack's API Gateway stand-in to the handler, 8 calls under way at a time, each in
an async context of its own (so that each request is put down to the call that sent it), in round ${result.round}: in every 20 calls 7 new full teams, 6 golfers changed in one
slot of a team already saved, 2 copies of the player's team of the previous round (saved as a full team: no
route copies, the carry-over job does at the deadline), 3 AI teams, and 2 late saves sent once the stack's
clock is past the deadline (all refused, 409). A quarter of the players have save receipts on, a third are
in guilds of 30. A middleware on the handlers' DynamoDB client (\`scripts/bench/capacity-recorder.ts\`) asks
every request for \`ReturnConsumedCapacity: 'INDEXES'\` and puts its units, key by key, down to the save
that sent it: a single-item request or a Query takes the units DynamoDB Local returns; a batch or a
transaction, which DynamoDB reports per table, is split by AWS's documented size rule (the item's size
rounded up per KB, 1 WCU per KB, 2 per KB for every item of a transaction, ConditionChecks included;
0.5, 1 or 2 RCU per 4 KB for an eventually consistent, strongly consistent or transactional read), each
write sized as the larger of the item before and after it, an item a batch read does not find counted as
DynamoDB Local counts it (0). Where DynamoDB Local also returned a total,
the bench puts the two side by side: ${checkLines || 'no such request'}. DynamoDB Local's total for a
transaction does not follow the per-item rule AWS documents (${transactions ? `${round(transactions.returned / transactions.requests)} units a transaction on average here, against ${round(transactions.attributed / transactions.requests)} by the rule` : 'none here'}): the figures below follow the documented rule. Requests that failed: ${failedLines || 'none'}
(a request refused before it reached the table, such as by the route's declared access, costs nothing).
Reads an instance keeps for \`ROUND_READ_CACHE_MS\` (the tournament, its field, the players' profiles)
are counted when the bench's one process makes them: in AWS they are made per instance every 10 s,
not per save.

Run of ${result.measured_at.slice(0, 16).replace('T', ' ')} UTC: ${result.requests.total.toLocaleString('en')} requests (${result.requests.per_save} per call), the calls took
${result.seconds.saves} s, the whole run ${result.seconds.total} s; load average ${result.machine.load_average_at_start[0]} at the start.
Per key pattern (shard numbers collapsed to \`S{k}\` or \`{k}\`, the bench's players, tokens and guilds to
\`{user}\`, \`{token}\` and \`{guild}\`, the tournament to \`{game}\`), units per call of the mix, the hottest concrete
key's units and, **modelled from AWS's documented limits** (a partition key takes at most 1,000 WCU and
3,000 RCU a second), its share of its partition's limit at 1,000 saves a second in one round and the
saves a second per round at which it reaches the limit (${rowsShown.length < result.keys.length ? `the hottest ${rowsShown.length} of ${result.keys.length} patterns; all in the JSON` : 'every pattern'}):

${keyTable}

By kind of call (units per call of that kind; the team key is where the team item is written, the gate
key the deadline's condition check):

${kindTable}

Modelled, from AWS's documented limits:

- Throttle-free ceiling (partition limit / units per save on the hottest key, writes and reads):
  **${figure(modelled.ceiling_saves_per_s)} saves a second per round**; hottest write key \`${modelled.hottest_write?.key}\` (${percent(modelled.hottest_write?.share_at_reference ?? 0)}
  of its limit at 1,000 saves/s), hottest read key \`${modelled.hottest_read?.key}\` (${percent(modelled.hottest_read?.share_at_reference ?? 0)}).
- Table: ${round(table.units_per_save.wcu)} WCU and ${round(table.units_per_save.rcu)} RCU per save (indexes: ${round(table.units_per_save.index_wcu)} WCU, ${round(table.units_per_save.index_rcu)} RCU); the default
  on-demand quota of 40,000 WCU and 40,000 RCU a second allows ${figure(table.saves_per_s_within_default_quota.write)} saves a second by writes and
  ${figure(table.saves_per_s_within_default_quota.read)} by reads. At ${table.target_saves_per_s.toLocaleString('en')} saves a second the table needs ${table.quota_needed_at_target_per_s.wcu.toLocaleString('en')} WCU/s
  and ${table.quota_needed_at_target_per_s.rcu.toLocaleString('en')} RCU/s: the quota to raise where that exceeds 40,000.
- Against the targets: ceiling at least ${table.target_saves_per_s.toLocaleString('en')} saves a second per
  round, ${met(modelled.targets[targetName])}; no key above 5% of its limit at 1,000 saves a second,
  ${met(modelled.targets.no_key_above_5_percent_at_1000_saves_per_s)}.

How the figures are derived: units per save on a key = the units the run's requests spent on it / the
run's calls; its share at 1,000 saves a second = that × 1,000 / the partition's limit; the ceiling =
the limit / units per save of the hottest key. A key of hashed shards takes about 1/K of its pattern's
units, but saves fall on shards as a multinomial draw: the hottest of K shards sits above the mean by
a margin that shrinks as the saves grow (the JSON gives, per sharded pattern, the measured hottest
over the mean, \`over_mean\`, beside the median of a simulated draw of as many saves, \`expected_over_mean\`),
and the model takes the measured hottest shard.
<!-- deadline:end -->`;
await writePerformanceSection('deadline', section);
smokeDone();
