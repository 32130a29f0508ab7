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
import { Agent, request as httpRequest } from 'node:http';
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
import { runRankingJob } from '../../functions/src/domain/ranking/publish-job';
import { signLocalAccessToken } from '../../functions/src/lib/local-issuer';
import type { generateSampleSeason } from '../seed/generate';
import { repositoryRoot } from '../local-stack/paths';
import { startStack } from '../local-stack/stack';
import { sampleRounds, teamOfSave } from './sample-round';
import { percentile } from './stats';
import { smokeDone } from './smoke';

const requestTimeoutMs = 10_000;
/** BatchWriteItem calls in flight while seeding (DynamoDB Local writes them one table at a time). */
const seedConcurrency = 16;

interface Profile {
  players: number;
  spike: { connections: number; rampSeconds: number; holdSeconds: number };
  /** What the stack keeps up with: players each saving again as soon as the last save is answered. */
  capacity: { connections: number; seconds: number };
  deadline: { distinctPlayers: number; savesPerSecond: number; seconds: number };
}

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
  smoke: {
    players: 200,
    spike: { connections: 4, rampSeconds: 1, holdSeconds: 2 },
    capacity: { connections: 2, seconds: 1 },
    deadline: { distinctPlayers: 20, savesPerSecond: 10, seconds: 2 },
  },
};

/** What the client process is asked to send; tokens are signed by the stack's local issuer. */
interface ClientPlan {
  spike: Profile['spike'] & {
    url: string;
    /** A random page of the published ranking is 1..pages. */
    rankingPages: number;
    round: number;
    gameGlobalId: string;
    players: Array<{ userId: string; token: string }>;
    staticPath: string;
  };
  deadline: Profile['deadline'] & SavePlan;
  /** Players of their own (none of the deadline's), one per connection. */
  capacity: Profile['capacity'] & SavePlan;
}

interface SavePlan {
  url: string;
  round: number;
  gameGlobalId: string;
  players: Array<{ userId: string; token: string }>;
  /** Eligible player ids of the open round; save j of a player picks 4 of them in turn. */
  pool: string[];
}

type RequestClass =
  | 'ranking'
  | 'ranking_edge_hit'
  | 'ranking_edge_miss'
  | 'my_rank'
  | 'my_team'
  | 'schedule'
  | 'live_round'
  | 'static'
  | 'save'
  | 'round_page';

interface ClassResult {
  requests: number;
  status_5xx: number;
  status_4xx: number;
  timeouts: number;
  network_errors: number;
  p50_ms: number;
  p95_ms: number;
  p99_ms: number;
  max_ms: number;
}

// ---------------------------------------------------------------- client side (child process)

/** One request on a keep-alive agent; resolves with the status (0: network error, -1: timeout). */
function send(
  agent: Agent,
  url: string,
  options: {
    method?: string;
    token?: string;
    body?: unknown;
    /** Told whether the edge answered from its cache (`x-cache`). */
    onCache?: (hit: boolean) => void;
  } = {},
): Promise<number> {
  return new Promise((resolve) => {
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    const headers: Record<string, string> = { accept: 'application/json', 'accept-encoding': 'gzip, br' };
    if (options.token) headers['authorization'] = `Bearer ${options.token}`;
    if (body) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(body));
    }
    let settled = false;
    const finish = (status: number) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(status);
    };
    const req = httpRequest(url, { method: options.method ?? 'GET', agent, headers }, (response) => {
      options.onCache?.(String(response.headers['x-cache'] ?? '').startsWith('Hit'));
      response.resume();
      response.on('end', () => finish(response.statusCode ?? 0));
      response.on('error', () => finish(0));
    });
    const timer = setTimeout(() => {
      finish(-1);
      req.destroy();
    }, requestTimeoutMs);
    req.on('error', () => finish(0));
    req.end(body);
  });
}

class Recorder {
  private readonly samples = new Map<RequestClass, { latencies: number[]; statuses: number[] }>();

  record(kind: RequestClass, latency: number, status: number) {
    let entry = this.samples.get(kind);
    if (!entry) this.samples.set(kind, (entry = { latencies: [], statuses: [] }));
    entry.latencies.push(latency);
    entry.statuses.push(status);
  }

  /** Times `call` as `kind`, and also as the class `also` names once it is answered, if any. */
  async timed(
    kind: RequestClass,
    call: () => Promise<number>,
    also?: () => RequestClass | undefined,
  ): Promise<number> {
    const start = performance.now();
    const status = await call();
    const latency = performance.now() - start;
    this.record(kind, latency, status);
    const other = also?.();
    if (other) this.record(other, latency, status);
    return status;
  }

  summary(): Partial<Record<RequestClass, ClassResult>> {
    const round1 = (value: number) => Math.round(value * 10) / 10;
    return Object.fromEntries(
      [...this.samples].map(([kind, { latencies, statuses }]) => [
        kind,
        {
          requests: latencies.length,
          status_5xx: statuses.filter((s) => s >= 500).length,
          status_4xx: statuses.filter((s) => s >= 400 && s < 500).length,
          timeouts: statuses.filter((s) => s === -1).length,
          network_errors: statuses.filter((s) => s === 0).length,
          p50_ms: round1(percentile(latencies, 50)),
          p95_ms: round1(percentile(latencies, 95)),
          p99_ms: round1(percentile(latencies, 99)),
          // A loop, not Math.max(...): a phase served from the edge records too many for the stack.
          max_ms: round1(latencies.reduce((max, value) => (value > max ? value : max), 0)),
        },
      ]),
    );
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Connections start one by one over the ramp and stay until the hold ends; each loops over
 * `next()` (one request at a time, closed loop). Answers the requests sent per second.
 */
async function spike(
  plan: ClientPlan['spike'],
  next: (connection: number, agent: Agent) => Promise<unknown>,
): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: plan.connections });
  const started = performance.now();
  const end = started + (plan.rampSeconds + plan.holdSeconds) * 1000;
  let sent = 0;
  await Promise.all(
    Array.from({ length: plan.connections }, async (_, connection) => {
      await sleep((connection * plan.rampSeconds * 1000) / plan.connections);
      while (performance.now() < end) {
        await next(connection, agent);
        sent++;
      }
    }),
  );
  agent.destroy();
  return Math.round(sent / ((performance.now() - started) / 1000));
}

/**
 * The round-end mix: ranking pages 40%, my rank 20%, my team 20%, the schedule 10%, the live round
 * (the public field call the round page and the schedule poll every minute) 10%.
 */
async function roundEnd(plan: ClientPlan['spike']) {
  const recorder = new Recorder();
  const game = `game_global_id=${encodeURIComponent(plan.gameGlobalId)}`;
  const requestsPerSecond = await spike(plan, (connection, agent) => {
    const player = plan.players[connection % plan.players.length]!;
    const roll = Math.random();
    if (roll < 0.4) {
      // Half the readers look at the top pages, the others anywhere in the ranking.
      const page =
        Math.random() < 0.5
          ? 1 + Math.floor(Math.random() * 5)
          : 1 + Math.floor(Math.random() * plan.rankingPages);
      let hit: boolean | undefined;
      return recorder.timed(
        'ranking',
        () =>
          send(agent, `${plan.url}/api/golf/ranking?page=${page}&type=1&round=${plan.round}`, {
            onCache: (answer) => (hit = answer),
          }),
        () => (hit === undefined ? undefined : hit ? 'ranking_edge_hit' : 'ranking_edge_miss'),
      );
    }
    if (roll < 0.6)
      return recorder.timed('my_rank', () =>
        send(agent, `${plan.url}/api/golf/ranking/user?round=${plan.round}&${game}`, { token: player.token }),
      );
    if (roll < 0.8)
      return recorder.timed('my_team', () =>
        send(agent, `${plan.url}/api/golf/round/${plan.round}/team/${encodeURIComponent(player.userId)}`, {
          token: player.token,
        }),
      );
    if (roll < 0.9)
      return recorder.timed('schedule', () => send(agent, `${plan.url}/api/golf/schedule/score`));
    return recorder.timed('live_round', () => send(agent, `${plan.url}/api/golf/round/${plan.round}/live`));
  });
  return { requests_per_s: requestsPerSecond, by_class: recorder.summary() };
}

async function staticBaseline(plan: ClientPlan['spike']) {
  const recorder = new Recorder();
  const requestsPerSecond = await spike(plan, (_, agent) =>
    recorder.timed('static', () => send(agent, plan.url + plan.staticPath)),
  );
  return { requests_per_s: requestsPerSecond, by_class: recorder.summary() };
}

type Answered = Array<{ saves: number; last: string[] | null; sent: number }>;

/** Save `index` of player `player`, then a read of the round page, as the round screen does. */
async function saveThenRead(
  plan: SavePlan,
  recorder: Recorder,
  agent: Agent,
  answered: Answered,
  player: number,
  index: number,
): Promise<void> {
  const picks = teamOfSave(plan.pool, player, index);
  const { token } = plan.players[player]!;
  const status = await recorder.timed('save', () =>
    send(agent, `${plan.url}/api/golf/round/${plan.round}/team`, {
      method: 'PUT',
      token,
      body: { game_global_id: plan.gameGlobalId, player_ids: picks },
    }),
  );
  if (status === 200) {
    answered[player]!.saves++;
    answered[player]!.last = picks;
  }
  await recorder.timed('round_page', () =>
    send(agent, `${plan.url}/api/golf/round/${plan.round}?game_global_id=${plan.gameGlobalId}`, { token }),
  );
}

/**
 * Closed loop: each connection is one player who saves again (and reads the round page) as soon as
 * the last answer arrives, for the given seconds: the save rate the stack keeps up with, all answered.
 */
async function saveCapacity(plan: ClientPlan['capacity']) {
  const recorder = new Recorder();
  const agent = new Agent({ keepAlive: true, maxSockets: plan.connections });
  const answered: Answered = plan.players.map(() => ({ saves: 0, last: null, sent: 0 }));
  const started = performance.now();
  const end = started + plan.seconds * 1000;
  await Promise.all(
    plan.players.map(async (_, player) => {
      while (performance.now() < end)
        await saveThenRead(plan, recorder, agent, answered, player, answered[player]!.sent++);
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  const saves = answered.reduce((sum, a) => sum + a.saves, 0);
  return {
    saves_per_s: Math.round(saves / elapsed),
    seconds: Math.round(elapsed * 10) / 10,
    by_class: recorder.summary(),
    answered,
  };
}

/**
 * Open loop: saves are started at the given rate whatever the answers, each from the next player
 * in turn (one save of a player at a time), each followed by a read of the round page.
 */
async function deadlineMinute(plan: ClientPlan['deadline']) {
  const recorder = new Recorder();
  const agent = new Agent({ keepAlive: true, maxSockets: 512 });
  const answered: Answered = plan.players.map(() => ({ saves: 0, last: null, sent: 0 }));
  const inFlight = plan.players.map(() => Promise.resolve());
  const total = plan.savesPerSecond * plan.seconds;
  const tasks: Array<Promise<void>> = [];
  const started = performance.now();
  let issued = 0;
  while (issued < total) {
    const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * plan.savesPerSecond));
    for (; issued < due; issued++) {
      const player = issued % plan.players.length;
      const index = answered[player]!.sent++;
      const task = inFlight[player]!.then(() => saveThenRead(plan, recorder, agent, answered, player, index));
      inFlight[player] = task;
      tasks.push(task);
    }
    await sleep(5);
  }
  const issuedIn = (performance.now() - started) / 1000;
  await Promise.all(tasks);
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  return {
    saves_issued: total,
    issue_seconds: Math.round(issuedIn * 10) / 10,
    all_answered_seconds: Math.round(elapsed * 10) / 10,
    by_class: recorder.summary(),
    answered: answered.map(({ saves, last, sent }) => ({ saves, last, sent })),
  };
}

async function client(planFile: string) {
  const plan = JSON.parse(readFileSync(planFile, 'utf8')) as ClientPlan;
  const phase = process.argv[4];
  const result =
    phase === 'round-end'
      ? await roundEnd(plan.spike)
      : phase === 'static'
        ? await staticBaseline(plan.spike)
        : phase === 'capacity'
          ? await saveCapacity(plan.capacity)
          : await deadlineMinute(plan.deadline);
  writeFileSync(`${planFile}.${phase}.json`, JSON.stringify(result));
}

// ---------------------------------------------------------------- stack side (this process)

type Phase = 'round-end' | 'static' | 'capacity' | 'deadline';

function runClient(planFile: string, phase: Phase): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [...process.execArgv, fileURLToPath(import.meta.url), '--client', planFile, phase],
      {
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    );
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(readFileSync(`${planFile}.${phase}.json`, 'utf8')))
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
 * DynamoDB Local's own pace for the save's write: the transaction of a team save (the round's
 * deadline lock, 4 new players' field entries, the team's versioned put), sent by this process
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
 * waited for: the teams are read until two reads agree.
 */
async function checkSaves(
  gameGlobalId: string,
  round: number,
  players: ReadonlyArray<{ userId: string }>,
  answered: Answered,
): Promise<{ mismatched: number; storedAfterTimeout: number }> {
  const userIds = players.map((p) => p.userId);
  let stored = await readTeams(gameGlobalId, round, userIds);
  for (let attempt = 0; attempt < 24; attempt++) {
    await sleep(5_000);
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
  const apiWorkers = Number(process.env['API_WORKERS'] || availableParallelism());
  const loadAtStart = loadavg();
  const stack = await startStack({
    port: 0,
    dataDir: null,
    // The static baseline is a file of the site, served by the same server as the API.
    spaDir: join(repositoryRoot, 'frontend/public'),
    seedNow: now,
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
    const phase = async <T>(name: Phase) => {
      settleSeconds[name] = await settle(settlePath);
      log(`${name} (after ${settleSeconds[name]} s to settle)`);
      return (await runClient(planFile, name)) as T;
    };
    const roundEndResult = await phase<Awaited<ReturnType<typeof roundEnd>>>('round-end');
    const staticResult = await phase<Awaited<ReturnType<typeof staticBaseline>>>('static');
    const capacityResult = await phase<Awaited<ReturnType<typeof saveCapacity>>>('capacity');
    const deadlineResult = await phase<Awaited<ReturnType<typeof deadlineMinute>>>('deadline');
    const drainSeconds = await settle(settlePath, 600);

    const deadlineCheck = await checkSaves(gameGlobalId, openRound, deadlinePlayers, deadlineResult.answered);
    const capacityCheck = await checkSaves(gameGlobalId, openRound, capacityPlayers, capacityResult.answered);
    // One concurrency after the other, so that each has the table to itself.
    const tablePace: Record<string, number> = {};
    for (const concurrency of mode === 'smoke' ? [1] : [1, 8, 64])
      tablePace[`concurrency_${concurrency}`] = await tableSavePace(
        gameGlobalId,
        openRound,
        pool,
        concurrency,
        mode === 'smoke' ? 1 : 5,
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
if (args[0] === '--client') await client(args[1]!);
else {
  await main(args.includes('--smoke') ? 'smoke' : args.includes('--quick') ? 'quick' : 'full');
  smokeDone();
}
