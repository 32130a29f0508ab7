/**
 * The client of `npm run bench:load` (scripts/bench/load.ts): one phase of load sent to the local
 * stack over keep-alive connections, from a process of its own started for that phase
 * (`<plan file> <phase>`); its figures go to `<plan file>.<phase>.json`. It imports nothing of the
 * stack, so that the process starts quickly.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { teamOfSave } from './sample-round';
import { percentile } from './stats';
import { isEntryPoint } from '../entry-point';

const requestTimeoutMs = 10_000;

export interface Profile {
  players: number;
  spike: { connections: number; rampSeconds: number; holdSeconds: number };
  /** What the stack keeps up with: players each saving again as soon as the last save is answered. */
  capacity: { connections: number; seconds: number };
  deadline: { distinctPlayers: number; savesPerSecond: number; seconds: number };
}

/** What the client process is asked to send; tokens are signed by the stack's local issuer. */
export interface ClientPlan {
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

export type RequestClass =
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

export interface ClassResult {
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

export type Answered = Array<{ saves: number; last: string[] | null; sent: number }>;

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

export type Phase = 'round-end' | 'static' | 'capacity' | 'deadline';

/** What each phase's client writes to `<plan file>.<phase>.json`. */
export interface PhaseResults {
  'round-end': Awaited<ReturnType<typeof roundEnd>>;
  static: Awaited<ReturnType<typeof staticBaseline>>;
  capacity: Awaited<ReturnType<typeof saveCapacity>>;
  deadline: Awaited<ReturnType<typeof deadlineMinute>>;
}

async function client(planFile: string, phase: Phase) {
  const plan = JSON.parse(readFileSync(planFile, 'utf8')) as ClientPlan;
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

if (isEntryPoint(import.meta.url)) await client(process.argv[2]!, process.argv[3] as Phase);
