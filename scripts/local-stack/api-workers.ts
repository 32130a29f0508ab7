import { fork, type ChildProcess } from 'node:child_process';
import { Agent, request as httpRequest, type IncomingMessage } from 'node:http';
import { fileURLToPath } from 'node:url';
import { errorMessages } from '../../shared/src/errors';
import type { OriginAnswer } from './lambda-adapter';
import { repositoryRoot } from './paths';

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

interface Worker {
  child: ChildProcess;
  port: number;
  inFlight: number;
}

export interface ApiWorkers {
  count: number;
  /** The answer of the least busy process (in turn among equally busy ones). */
  invoke(request: IncomingMessage): Promise<OriginAnswer>;
  stop(): Promise<void>;
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
    child.once('message', (message: { port?: number }) => {
      if (typeof message.port !== 'number') return reject(new Error('API process sent no port'));
      child.removeAllListeners('exit');
      resolve({ child, port: message.port, inFlight: 0 });
    });
  });
}

/**
 * The API in `count` processes, as API Gateway spreads calls over separate Lambda instances: each
 * has its own module state (caches, the JWKS, the DynamoDB client). A process that dies is started
 * again, as Lambda replaces a failed instance.
 */
export async function startApiWorkers(count: number): Promise<ApiWorkers> {
  const workers = await Promise.all(Array.from({ length: count }, startWorker));
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
  let stopping = false;
  let turn = -1;
  const watch = (worker: Worker, index: number) =>
    worker.child.once('exit', () => {
      if (stopping) return;
      void startWorker().then((next) => {
        workers[index] = next;
        watch(next, index);
      });
    });
  workers.forEach(watch);

  const invoke = (request: IncomingMessage): Promise<OriginAnswer> => {
    // Ties go round in turn, so that sequential calls (a warm-up) reach every process.
    turn = (turn + 1) % workers.length;
    let worker = workers[turn]!;
    for (const candidate of workers) if (candidate.inFlight < worker.inFlight) worker = candidate;
    worker.inFlight++;
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(request.headers))
      if (value !== undefined && !hopByHop.has(name) && name !== viewerAddressHeader) headers[name] = value;
    headers[viewerAddressHeader] = request.socket.remoteAddress ?? '127.0.0.1';
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
      request.pipe(forwarded);
    }).finally(() => worker.inFlight--);
  };

  return {
    count,
    invoke,
    stop: async () => {
      stopping = true;
      agent.destroy();
      await Promise.all(
        workers.map(
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
