/**
 * `npm run bench:load [-- --quick]`: the local stack under two crowds, with the load sent from a
 * child process over keep-alive connections (client and server share the machine).
 *
 * 1. Round end: the stack (in-memory DynamoDB Local, the sample season) gets 100,000 more players
 *    with a scored team in the last started round, written straight into the table with
 *    BatchWriteItem; the ranking job publishes their snapshot as it does after a results import.
 *    Then 0 to 200 connections in 10 s, held 60 s, each looping over the round-end mix (ranking
 *    pages, my rank, my team, the schedule, the live round), and the same spike on a static file
 *    of the same server as the baseline. Target: no 5xx, no timeouts, ranking p95 at most 5x the baseline's.
 * 2. What the stack keeps up with: 64 players of their own, each saving their team of the open round
 *    (and reading the round page) again as soon as the last answer arrives, for 20 s: the save rate
 *    with every save answered, checked as below.
 * 3. The minute before a deadline: 5,000 distinct players save their team of the open round at 300
 *    saves per second for 60 s, each save followed by a read of the round page. Afterwards every
 *    player's stored team is read back: it must hold the picks of the player's last save and a
 *    version equal to the saves that were answered 200 (each save stored exactly once).
 *
 * Last, for reference, the save's transaction sent straight to DynamoDB Local from 1, 8 and 64
 * writers for 5 s each: the most saves per second the local table stores on this machine.
 *
 * `--quick` runs a small version (2,000 players, 50 connections, shorter phases), `--smoke` the
 * smallest (`npm test` runs it); the figures in docs/performance.md come from the full run. Writes
 * bench/results/load.json (full run only).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import type { TeamRecord } from '../../functions/src/db/repositories/team-repository';
import { teamItem, teamRepository } from '../../functions/src/db/repositories/team-repository';
import { userItem } from '../../functions/src/db/repositories/user-repository';
import { rankingStateRepository } from '../../functions/src/db/repositories/ranking-state-repository';
import { tournamentRepository } from '../../functions/src/db/repositories/tournament-repository';
import { batchWriteAll } from '../../functions/src/db/batch-write';
import { db, tableName } from '../../functions/src/db/client';
import { keys } from '../../functions/src/db/keys';
import { newPlayer } from '../../functions/src/domain/account/account-service';
import { ineligibility } from '../../functions/src/domain/game/players';
import { runRankingJob } from '../../functions/src/domain/ranking/job/publish-job';
import { signLocalAccessToken } from '../../functions/src/lib/local-issuer';
import type { generateSampleSeason } from '../seed/generate';
import { repositoryRoot } from '../local-stack/paths';
import { startStack } from '../local-stack/stack';
import { sampleRounds, teamOfSave } from './sample-round';
import type {
  Answered,
  ClassResult,
  ClientPlan,
  Phase,
  PhaseResults,
  Profile,
  RequestClass,
} from './load-client';
import { sampleSeason, smokeDone } from './smoke';

const clientEntry = fileURLToPath(new URL('./load-client.ts', import.meta.url));
/** BatchWriteItem calls in flight while seeding (DynamoDB Local writes them one table at a time). */
const seedConcurrency = 16;

const profiles: Record<'full' | 'quick' | 'smoke', Profile> = {
  full: {
    players: 100_000,
    spike: { connections: 200, rampSeconds: 10, holdSeconds: 60 },
    capacity: { connections: 64, seconds: 20 },
    deadline: { distinctPlayers: 5_000, savesPerSecond: 300, seconds: 60 },
  },
  quick: {
    players: 2_000,
    spike: { connections: 50, rampSeconds: 3, holdSeconds: 10 },
    capacity: { connections: 16, seconds: 5 },
    deadline: { distinctPlayers: 500, savesPerSecond: 50, seconds: 10 },
  },
  // Every phase, each a second or less: while one runs the client, the API and the table keep the
  // cores busy, and a smoke run only has to show that the bench still runs.
  smoke: {
    players: 200,
    spike: { connections: 4, rampSeconds: 0.5, holdSeconds: 0.5 },
    capacity: { connections: 2, seconds: 0.5 },
    deadline: { distinctPlayers: 20, savesPerSecond: 20, seconds: 1 },
  },
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs one phase from a client process of its own (scripts/bench/load-client.ts); answers its figures. */
function runClient<P extends Phase>(planFile: string, phase: P): Promise<PhaseResults[P]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, clientEntry, planFile, phase], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(readFileSync(`${planFile}.${phase}.json`, 'utf8')) as PhaseResults[P])
        : reject(new Error(`load client (${phase}) exited with ${code}`)),
    );
  });
}

/**
 * Waits until the API answers quickly again (an unknown path: its 404 passes the edge, which keeps
 * no errors, and waits in the API processes behind whatever they still work off): requests a client
 * gave up on are still being worked off after a phase, and the next phase must not inherit them.
 */
async function settle(url: string, maxSeconds = 180): Promise<number> {
  const started = performance.now();
  let quick = 0;
  while (quick < 3 && performance.now() - started < maxSeconds * 1000) {
    const before = performance.now();
    await fetch(url).then((response) => response.arrayBuffer());
    quick = performance.now() - before < 50 ? quick + 1 : 0;
    await sleep(200);
  }
  return Math.round((performance.now() - started) / 100) / 10;
}

const loadUserId = (n: number) => `load-user-${String(n).padStart(6, '0')}`;

/** Players with a complete profile and a scored team in `round`, the items the seed writes. */
function loadPlayerItems(
  season: ReturnType<typeof generateSampleSeason>,
  gameGlobalId: string,
  round: number,
  players: number,
  now: Date,
): Record<string, unknown>[] {
  const record = season.tournaments.find((t) => t.game_global_id === gameGlobalId)!;
  const field = season.fields.filter((entry) => entry.game_global_id === gameGlobalId);
  const started = field.filter((entry) => entry.rounds[round - 1] !== null && !ineligibility(entry, round));
  const registeredAt = new Date(now.getTime() - 30 * 86_400_000);
  const items: Record<string, unknown>[] = [];
  for (let n = 1; n <= players; n++) {
    const userId = loadUserId(n);
    items.push(
      userItem(
        newPlayer(userId, registeredAt, {
          email: `${userId}@example.com`,
          nickname: `ロード${n}`,
          gender: 1 + (n % 2),
          age: 1 + (n % 6),
          address: 1 + (n % 47),
          golf_play_history: 1 + (n % 5),
          tutorial_flg: true,
          is_registed_email: true,
          is_accepted_policy: true,
          status: 'complete',
        }),
      ),
    );
    const team: TeamRecord = {
      game_global_id: gameGlobalId,
      round,
      user_id: userId,
      picks: [0, 1, 2, 3].map((slot) => ({
        slot: (slot + 1) as 1 | 2 | 3 | 4,
        player_id: started[(n * 5 + slot * 3) % started.length]!.player_id,
        auto: false,
      })),
      source: 'manual',
      last_saved_at: record.rounds[round - 1]!.deadline_at,
      version: 1,
    };
    items.push(teamItem(team));
  }
  return items;
}

async function readTeams(gameGlobalId: string, round: number, userIds: string[]) {
  const teams = new Map<string, TeamRecord>();
  for (let i = 0; i < userIds.length; i += 100) {
    let requested: Array<Record<string, unknown>> = userIds
      .slice(i, i + 100)
      .map((userId) => keys.team(gameGlobalId, round, userId));
    while (requested.length) {
      const result = await db().send(
        new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: requested } } }),
      );
      for (const item of result.Responses?.[tableName()] ?? [])
        teams.set(String(item['user_id']), item as TeamRecord);
      requested = (result.UnprocessedKeys?.[tableName()]?.Keys ?? []) as typeof requested;
    }
  }
  return teams;
}

/**
 * DynamoDB Local's own pace for the save's write: the transaction of a team save (the user's shard
 * of the round's gate, checked for the deadline and 4 new players, and the team's versioned put), sent by this process
 * straight to the table from `concurrency` writers at once for `seconds`, each writer its own team.
 * No API, edge or client: the most saves per second the local table could store here.
 */
async function tableSavePace(
  gameGlobalId: string,
  round: number,
  pool: readonly string[],
  concurrency: number,
  seconds: number,
): Promise<number> {
  let stored = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, writer) => {
      for (let version = 0; performance.now() < end; version++) {
        const picks = teamOfSave(pool, writer, version);
        const refusal = await teamRepository.guardedPut(
          {
            game_global_id: gameGlobalId,
            round,
            user_id: `table-pace-${concurrency}-${writer}`,
            picks: picks.map((player_id, i) => ({ slot: (i + 1) as 1 | 2 | 3 | 4, player_id, auto: false })),
            source: 'manual',
            last_saved_at: new Date().toISOString(),
            version,
          },
          { nowIso: new Date().toISOString(), newPlayerIds: picks, expectedVersion: version },
        );
        if (refusal) throw new Error(`table pace: save refused (${refusal.kind})`);
        stored++;
      }
    }),
  );
  return Math.round(stored / ((performance.now() - started) / 1000));
}

/**
 * Every save stored exactly once: each save raises the team's version by one, so the stored version
 * lies between the saves answered 200 and the saves sent (a save the client gave up on may still be
 * stored after), and when every save of a player was answered 200 it equals their count and the
 * stored picks are those of the last save. Saves the server still works off after the phase are
 * waited for: the teams are read until two reads `readEveryMs` apart agree.
 */
async function checkSaves(
  gameGlobalId: string,
  round: number,
  players: ReadonlyArray<{ userId: string }>,
  answered: Answered,
  readEveryMs: number,
): Promise<{ mismatched: number; storedAfterTimeout: number }> {
  const userIds = players.map((p) => p.userId);
  let stored = await readTeams(gameGlobalId, round, userIds);
  for (let attempt = 0; attempt < 120_000 / readEveryMs; attempt++) {
    await sleep(readEveryMs);
    const again = await readTeams(gameGlobalId, round, userIds);
    const same = userIds.every((id) => again.get(id)?.version === stored.get(id)?.version);
    stored = again;
    if (same) break;
  }
  let mismatched = 0;
  let storedAfterTimeout = 0;
  players.forEach((player, i) => {
    const expected = answered[i]!;
    const team = stored.get(player.userId);
    const version = team?.version ?? 0;
    const picks = team ? [...team.picks].sort((a, b) => a.slot - b.slot).map((p) => p.player_id) : null;
    const allAnswered = expected.saves === expected.sent;
    if (
      version < expected.saves ||
      version > expected.sent ||
      (allAnswered && (version !== expected.saves || JSON.stringify(picks) !== JSON.stringify(expected.last)))
    )
      mismatched++;
    storedAfterTimeout += Math.max(0, version - expected.saves);
  });
  return { mismatched, storedAfterTimeout };
}

async function main(mode: keyof typeof profiles) {
  const profile = profiles[mode];
  const now = new Date();
  const log = (line: string) => console.error(`[bench:load] ${line}`);
  // A smoke run starts one API process (beside the shared reads' one): each imports every handler.
  const apiWorkers = Number(process.env['API_WORKERS'] || (mode === 'smoke' ? 1 : availableParallelism()));
  const loadAtStart = loadavg();
  const stack = await startStack({
    port: 0,
    dataDir: null,
    // The static baseline is a file of the site, served by the same server as the API.
    spaDir: join(repositoryRoot, 'frontend/public'),
    ...sampleSeason(now),
    quiet: true,
    // As deployed: CloudFront's cache in front, the API over several processes.
    edgeCache: true,
    apiWorkers,
  });
  const work = mkdtempSync(join(tmpdir(), 'golf-bench-load-'));
  try {
    const { season, gameGlobalId, round, openRound, pool } = sampleRounds(now);

    log(`seeding ${profile.players} players with a team in round ${round} of ${gameGlobalId}`);
    const seedStart = performance.now();
    const items = loadPlayerItems(season, gameGlobalId, round, profile.players, now);
    await batchWriteAll(items, { concurrency: seedConcurrency });
    const seedSeconds = (performance.now() - seedStart) / 1000;
    log(`seeded ${items.length} items in ${seedSeconds.toFixed(1)} s; publishing the rankings`);
    const publishStart = performance.now();
    // Settled again, as at a deadline: the next run reads the round's teams, the seeded ones with
    // them, into the round's frozen object (the one made when the stack started holds the sample's).
    await tournamentRepository.markRoundSettled(gameGlobalId, round, new Date().toISOString());
    await rankingStateRepository.markStale(gameGlobalId, now);
    const job = await runRankingJob({ now });
    const publishSeconds = (performance.now() - publishStart) / 1000;
    const itemsPublished = job.published.reduce((sum, p) => sum + p.items_written, 0);
    log(`published ${itemsPublished} items in ${publishSeconds.toFixed(1)} s`);
    const check = await fetch(`${stack.url}/api/golf/ranking?page=1&type=1&round=${round}`);
    const first = (await check.json()) as { last_page?: number };
    if (!check.ok || !first.last_page) throw new Error(`no ranking of round ${round}: ${check.status}`);
    // Pages hold at most 100 rows: fewer pages than that means the seeded teams were not ranked.
    if (first.last_page < profile.players / 100)
      throw new Error(
        `the ranking of round ${round} has ${first.last_page} pages for ${profile.players} players`,
      );
    log(`ranking of round ${round}: ${first.last_page} pages`);

    const sign = async (n: number) => ({
      userId: loadUserId(n),
      token: (await signLocalAccessToken({ sub: loadUserId(n) })).token,
    });
    const spikePlayers = await Promise.all(
      Array.from({ length: profile.spike.connections }, (_, i) =>
        sign(1 + i * Math.floor(profile.players / profile.spike.connections)),
      ),
    );
    const deadlinePlayers = await Promise.all(
      Array.from({ length: profile.deadline.distinctPlayers }, (_, i) => sign(i + 1)),
    );
    const capacityPlayers = await Promise.all(
      Array.from({ length: profile.capacity.connections }, (_, i) =>
        sign(profile.deadline.distinctPlayers + i + 1),
      ),
    );
    const plan: ClientPlan = {
      spike: {
        ...profile.spike,
        url: stack.url,
        rankingPages: first.last_page,
        round,
        gameGlobalId,
        players: spikePlayers,
        staticPath: '/favicon.svg',
      },
      deadline: {
        ...profile.deadline,
        url: stack.url,
        round: openRound,
        gameGlobalId,
        players: deadlinePlayers,
        pool,
      },
      capacity: {
        ...profile.capacity,
        url: stack.url,
        round: openRound,
        gameGlobalId,
        players: capacityPlayers,
        pool,
      },
    };
    const planFile = join(work, 'plan.json');
    writeFileSync(planFile, JSON.stringify(plan));

    // Each call once before the load, as a warm function would have it (the first call of a
    // handler loads its module); the cold start is not what this measures.
    const warmPlayer = deadlinePlayers[0]!;
    const warmUp: Array<[string, string | undefined]> = [
      [`/api/golf/ranking?page=1&type=1&round=${round}`, undefined],
      [`/api/golf/ranking/user?round=${round}&game_global_id=${gameGlobalId}`, warmPlayer.token],
      [`/api/golf/round/${round}/team/${warmPlayer.userId}`, warmPlayer.token],
      ['/api/golf/schedule/score', undefined],
      [`/api/golf/round/${openRound}?game_global_id=${gameGlobalId}`, warmPlayer.token],
      [plan.spike.staticPath, undefined],
    ];
    // Every API process loads each handler on its first call: enough rounds that each gets one.
    for (const [path, token] of Array.from({ length: 2 * apiWorkers }, () => warmUp).flat()) {
      const response = await fetch(
        stack.url + path,
        token ? { headers: { authorization: `Bearer ${token}` } } : {},
      );
      if (!response.ok) throw new Error(`warm-up ${path}: ${response.status}`);
    }
    const settleSeconds: Record<string, number> = {};
    const settlePath = `${stack.url}/api/golf/load-bench-settle`;
    const phase = async <P extends Phase>(name: P) => {
      settleSeconds[name] = await settle(settlePath);
      log(`${name} (after ${settleSeconds[name]} s to settle)`);
      return runClient(planFile, name);
    };
    const roundEndResult = await phase('round-end');
    const staticResult = await phase('static');
    const capacityResult = await phase('capacity');
    const deadlineResult = await phase('deadline');
    const drainSeconds = await settle(settlePath, 600);

    // A smoke run's few saves are all stored by the time the API has settled: a shorter wait.
    const readEveryMs = mode === 'smoke' ? 500 : 5_000;
    const deadlineCheck = await checkSaves(
      gameGlobalId,
      openRound,
      deadlinePlayers,
      deadlineResult.answered,
      readEveryMs,
    );
    const capacityCheck = await checkSaves(
      gameGlobalId,
      openRound,
      capacityPlayers,
      capacityResult.answered,
      readEveryMs,
    );
    // One concurrency after the other, so that each has the table to itself.
    const tablePace: Record<string, number> = {};
    for (const concurrency of mode === 'smoke' ? [1] : [1, 8, 64])
      tablePace[`concurrency_${concurrency}`] = await tableSavePace(
        gameGlobalId,
        openRound,
        pool,
        concurrency,
        mode === 'smoke' ? 0.5 : 5,
      );
    log(`the table alone: ${JSON.stringify(tablePace)} save transactions per second`);
    const answeredSaves = deadlineResult.answered.reduce((sum, a) => sum + a.saves, 0);

    const ranking = roundEndResult.by_class.ranking!;
    const baseline = staticResult.by_class.static!;
    // The ranking's hits and misses are counted again under their own classes: counted once here.
    const errors = (result: { by_class: Partial<Record<RequestClass, ClassResult>> }) =>
      Object.entries(result.by_class)
        .filter(([kind]) => kind !== 'ranking_edge_hit' && kind !== 'ranking_edge_miss')
        .map(([, figures]) => figures)
        .reduce(
          (sum, c) => ({
            status_5xx: sum.status_5xx + c.status_5xx,
            timeouts: sum.timeouts + c.timeouts,
            other: sum.other + c.network_errors + c.status_4xx,
          }),
          { status_5xx: 0, timeouts: 0, other: 0 },
        );
    const { answered: _answered, ...deadlineFigures } = deadlineResult;
    const { answered: capacityAnswered, ...capacityFigures } = capacityResult;
    const result = {
      measuredAt: now.toISOString(),
      mode,
      machine: {
        cpus: cpus().length,
        cpu_model: cpus()[0]?.model,
        memory_gb: Math.round(totalmem() / 2 ** 30),
        node: process.version,
        note: 'client (a child process) and server (the local stack and DynamoDB Local) share the machine',
        load_average_at_start: loadAtStart.map((value) => Math.round(value * 10) / 10),
        load_average_at_end: loadavg().map((value) => Math.round(value * 10) / 10),
      },
      stack: { api_processes: apiWorkers, shared_read_processes: 1, edge_cache: true },
      seed: {
        players: profile.players,
        items_written: items.length,
        batch_writes_in_flight: seedConcurrency,
        seconds: Math.round(seedSeconds * 10) / 10,
        ranking_publish_seconds: Math.round(publishSeconds * 10) / 10,
        ranking_items_published: itemsPublished,
        ranking_pages: plan.spike.rankingPages,
      },
      settle_seconds_before: settleSeconds,
      drain_seconds_after_deadline: drainSeconds,
      round_end: {
        profile: profile.spike,
        round,
        ...roundEndResult,
        errors: errors(roundEndResult),
      },
      static_baseline: { path: plan.spike.staticPath, ...staticResult, errors: errors(staticResult) },
      ranking_p95_over_static_p95: Math.round((ranking.p95_ms / baseline.p95_ms) * 100) / 100,
      deadline: {
        profile: profile.deadline,
        round: openRound,
        ...deadlineFigures,
        errors: errors(deadlineResult),
        saves_answered_200: answeredSaves,
        players_checked: deadlinePlayers.length,
        players_with_a_save_lost_or_stored_twice: deadlineCheck.mismatched,
        saves_stored_after_the_client_gave_up: deadlineCheck.storedAfterTimeout,
      },
      save_capacity: {
        profile: profile.capacity,
        round: openRound,
        ...capacityFigures,
        errors: errors(capacityResult),
        saves_answered_200: capacityAnswered.reduce((sum, a) => sum + a.saves, 0),
        players_with_a_save_lost_or_stored_twice: capacityCheck.mismatched,
      },
      table_save_transactions_per_s: tablePace,
    };
    const targets = {
      round_end_no_5xx: result.round_end.errors.status_5xx === 0,
      round_end_no_timeouts: result.round_end.errors.timeouts === 0,
      ranking_p95_at_most_5x_static: result.ranking_p95_over_static_p95 <= 5,
      deadline_no_error:
        result.deadline.errors.status_5xx + result.deadline.errors.timeouts + result.deadline.errors.other ===
        0,
      deadline_every_save_stored_once:
        deadlineCheck.mismatched === 0 && answeredSaves === result.deadline.saves_issued,
    };
    const output = { ...result, targets };
    if (mode === 'full') {
      mkdirSync(join(repositoryRoot, 'bench/results'), { recursive: true });
      writeFileSync(join(repositoryRoot, 'bench/results/load.json'), `${JSON.stringify(output, null, 2)}\n`);
    }
    console.log(JSON.stringify(output, null, 2));
  } finally {
    rmSync(work, { recursive: true, force: true });
    await stack.stop();
  }
}

const args = process.argv.slice(2);
await main(args.includes('--smoke') ? 'smoke' : args.includes('--quick') ? 'quick' : 'full');
smokeDone();
