import { fork, type ChildProcess } from 'node:child_process';
import { Agent, request as httpRequest, type IncomingMessage } from 'node:http';
import { fileURLToPath } from 'node:url';
import { matchRoute } from '../../shared/src/contracts';
import { errorMessages } from '../../shared/src/errors';
import { gatewayAnswer, type OriginAnswer } from './lambda-adapter';
import { repositoryRoot } from './paths';
import { takeThrottle } from './faults';

/**
 * The viewer's address as the local edge passes it to an API process (API Gateway takes it from
 * the connection, which here is the edge's). The edge sets it on every request it forwards.
 */
export const viewerAddressHeader = 'x-local-viewer-address';

const workerEntry = fileURLToPath(new URL('./api-worker.ts', import.meta.url));

/** Headers of one connection, not of the message: never forwarded. */
const hopByHop = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'content-length']);

const unavailableAnswer: OriginAnswer = {
  status: 503,
  headers: { 'content-type': 'application/json; charset=utf-8', 'retry-after': '5' },
  body: Buffer.from(
    JSON.stringify({ message: errorMessages.service_unavailable, code: 'service_unavailable' }),
  ),
};

/**
 * Connections from the edge to one process at most; further calls wait at the edge for one to be
 * free. Without a bound, a burst the processes cannot keep up with opens connections faster than a
 * busy process accepts them, and they time out before they reach it.
 */
const connectionsPerProcess = 128;

/** Never seen: the viewer left before the request was whole. */
const viewerGoneAnswer = gatewayAnswer(400, { message: errorMessages.bad_request, code: 'bad_request' });

interface Worker {
  child: ChildProcess;
  port: number;
  inFlight: number;
}

/** Which processes serve a call: the shared reads' own, or the others'. */
export type ApiPool = 'shared' | 'general';

/**
 * The calls CloudFront may keep and serves alike to everyone (a public GET with a cache time: the
 * ranking pages, the schedule, the live round, the masters), as the viewer-request function that
 * drops their Authorization tells them (infra/lib/cloudfront-functions.ts).
 */
export function apiPoolOf(method: string, url: string): ApiPool {
  if (method !== 'GET' && method !== 'HEAD') return 'general';
  const match = matchRoute('GET', url.split('?')[0]!);
  return match &&
    'route' in match &&
    match.route.access === 'public' &&
    match.route.cacheSeconds !== undefined
    ? 'shared'
    : 'general';
}

export interface ApiWorkers {
  /** Processes in all, the shared reads' included. */
  count: number;
  /** Calls sent to each pool so far. */
  served: Record<ApiPool, number>;
  /** The answer of the least busy process of the call's pool (in turn among equally busy ones). */
  invoke(request: IncomingMessage): Promise<OriginAnswer>;
  /** Sets every process's game clock `offsetMs` ahead of the host; answers the instant each then reads. */
  setClockOffset(offsetMs: number): Promise<number[]>;
  /** Resolves once the ranking runs every process started (functions/src/adapters/ranking-job.ts) ended. */
  rankingRunsEnded(): Promise<void>;
  stop(): Promise<void>;
}

function setWorkerClock({ child }: Worker, offsetMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: { clockNowMs?: number }) => {
      if (typeof message.clockNowMs !== 'number') return;
      child.off('message', onMessage);
      resolve(message.clockNowMs);
    };
    child.on('message', onMessage);
    child.send({ clockOffsetMs: offsetMs }, (error) => {
      if (error) {
        child.off('message', onMessage);
        reject(error);
      }
    });
  });
}

let rankingAsks = 0;

function workerRankingRunsEnded({ child }: Worker): Promise<void> {
  const id = ++rankingAsks;
  return new Promise((resolve, reject) => {
    const onMessage = (message: { rankingRunsEndedFor?: number }) => {
      if (message.rankingRunsEndedFor !== id) return;
      child.off('message', onMessage);
      resolve();
    };
    child.on('message', onMessage);
    child.send({ rankingRunsEnded: id }, (error) => {
      if (error) {
        child.off('message', onMessage);
        reject(error);
      }
    });
  });
}

function startWorker(): Promise<Worker> {
  return new Promise((resolve, reject) => {
    const child = fork(workerEntry, [], {
      cwd: repositoryRoot,
      env: process.env,
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`API process exited with ${code} before listening`)));
    // The fault hook's count is this process's (faults.ts): a process asks it for each team save.
    child.on('message', (message: { takeThrottle?: number }) => {
      if (typeof message.takeThrottle === 'number')
        child.send({ throttleTaken: message.takeThrottle, taken: takeThrottle() });
    });
    child.once('message', (message: { port?: number }) => {
      if (typeof message.port !== 'number') return reject(new Error('API process sent no port'));
      child.removeAllListeners('exit');
      resolve({ child, port: message.port, inFlight: 0 });
    });
  });
}

/**
 * The API in processes of its own, as API Gateway spreads calls over separate Lambda instances: each
 * has its own module state (caches, the JWKS, the DynamoDB client). In AWS each route is its own
 * function, so a ranking page the cache misses never waits behind the signed-in calls of other
 * routes; here the shared reads (`apiPoolOf`) have `sharedCount` processes of their own, and every
 * other call goes to one of `count` others. With `sharedCount` 0, every call goes to those `count`.
 * A process that dies is started again, as Lambda replaces a failed instance.
 */
export async function startApiWorkers(count: number, sharedCount = 0): Promise<ApiWorkers> {
  const pools: Record<ApiPool, Worker[]> = {
    general: await Promise.all(Array.from({ length: count }, startWorker)),
    shared: await Promise.all(Array.from({ length: sharedCount }, startWorker)),
  };
  const agent = new Agent({ keepAlive: true, maxSockets: connectionsPerProcess });
  const served: Record<ApiPool, number> = { shared: 0, general: 0 };
  let stopping = false;
  const turns: Record<ApiPool, number> = { shared: -1, general: -1 };
  const watch = (workers: Worker[]) => (worker: Worker, index: number) =>
    worker.child.once('exit', () => {
      if (stopping) return;
      void startWorker().then((next) => {
        workers[index] = next;
        watch(workers)(next, index);
      });
    });
  pools.general.forEach(watch(pools.general));
  pools.shared.forEach(watch(pools.shared));

  const invoke = (request: IncomingMessage): Promise<OriginAnswer> => {
    const wanted = apiPoolOf(request.method ?? 'GET', request.url ?? '/');
    const pool = pools[wanted].length ? wanted : 'general';
    const workers = pools[pool];
    served[pool]++;
    // Ties go round in turn, so that sequential calls (a warm-up) reach every process.
    turns[pool] = (turns[pool] + 1) % workers.length;
    let worker = workers[turns[pool]]!;
    for (const candidate of workers) if (candidate.inFlight < worker.inFlight) worker = candidate;
    worker.inFlight++;
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(request.headers))
      if (value !== undefined && !hopByHop.has(name) && name !== viewerAddressHeader) headers[name] = value;
    // The body is piped as it came: its length frames it (a GET's body is never sent chunked, so
    // without it the process would read the body as the next request).
    if (request.headers['content-length'] !== undefined && request.headers['transfer-encoding'] === undefined)
      headers['content-length'] = request.headers['content-length'];
    headers[viewerAddressHeader] = request.socket.remoteAddress ?? '127.0.0.1';
    let left = () => {};
    return new Promise<OriginAnswer>((resolve, reject) => {
      const forwarded = httpRequest(
        {
          host: '127.0.0.1',
          port: worker.port,
          method: request.method,
          path: request.url,
          headers,
          agent,
        },
        (answer) => {
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('error', reject);
          answer.on('end', () => {
            const out: Record<string, string | string[]> = {};
            for (const [name, value] of Object.entries(answer.headers))
              if (value !== undefined && !hopByHop.has(name)) out[name] = value;
            resolve({ status: answer.statusCode ?? 502, headers: out, body: Buffer.concat(chunks) });
          });
        },
      );
      // A call still in a process when the stack stops is answered as API Gateway answers a
      // function that went away, instead of failing the edge.
      forwarded.on('error', (error) => (stopping ? resolve(unavailableAnswer) : reject(error)));
      // A viewer who leaves before their call was sent (still waiting for a connection, or with the
      // body not all arrived) is never invoked, as API Gateway invokes only with the whole request
      // in hand; a call already sent runs on without them, as a Lambda invocation does.
      let sent = false;
      forwarded.once('socket', () => (sent = true));
      left = () => {
        if (sent && request.complete) return;
        forwarded.destroy();
        resolve(viewerGoneAnswer);
      };
      request.socket.once('close', left);
      request.pipe(forwarded);
    }).finally(() => {
      worker.inFlight--;
      request.socket.off('close', left);
    });
  };

  return {
    count: count + sharedCount,
    served,
    invoke,
    // A process started again later inherits the offset through the environment (clock.ts).
    setClockOffset: (offsetMs) =>
      Promise.all([...pools.general, ...pools.shared].map((worker) => setWorkerClock(worker, offsetMs))),
    rankingRunsEnded: async () => {
      await Promise.all([...pools.general, ...pools.shared].map(workerRankingRunsEnded));
    },
    stop: async () => {
      stopping = true;
      agent.destroy();
      await Promise.all(
        [...pools.general, ...pools.shared].map(
          ({ child }) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null || child.signalCode !== null) return resolve();
              child.once('exit', () => resolve());
              child.kill('SIGTERM');
            }),
        ),
      );
    },
  };
}
