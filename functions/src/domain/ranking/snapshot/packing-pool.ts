/**
 * Worker threads that rank a large publish's boards and pack its pages and value buckets on the
 * function's other vCPUs (docs/architecture.md, Rankings). At a million players packing (mostly deflate) is
 * most of the recompute's work, and each page is packed on its own, so it divides over the cores.
 * The boards are ranked first, while the job's thread encodes the users. The job's own thread
 * gathers each task's rows, makes and writes the items, and does queued tasks itself whenever it
 * would otherwise wait.
 *
 * A worker runs this same module: the job's bundle in AWS (`import.meta.url` is the bundle), the
 * TypeScript source elsewhere (tests, the local stack), which the worker loads through tsx. A
 * scope's encoded users are written once into shared memory, which every worker reads; a task's
 * rows and its packed items are moved between the threads, not copied.
 */
import { isMainThread, parentPort, Worker, workerData, type MessagePort } from 'node:worker_threads';
import type { RankDirection } from '@golf/shared/game/ranking';
import type { EncodedUsers } from '@golf/functions/db/repositories/ranking-pages/page-codec';
import { type BucketRows, packBuckets, packPages, type PageRows } from './board-packing';
import { type BoardOrder, rankEntries } from '../rules/board-order';

const ROLE = 'ranking-packing';

/** Work for a worker: pages of a board, or value buckets, of a scope it was given; or a board to rank. */
type Task =
  | { type: 'pages'; scope: number; rows: PageRows }
  | { type: 'buckets'; scope: number; rows: BucketRows }
  | { type: 'rank'; values: Float64Array; direction: RankDirection };

/** What a task gives: its items packed, or the board ranked. */
type Result = Uint8Array[] | BoardOrder;

/** What the job asks of a worker. */
type Request =
  | { type: 'scope'; scope: number; users: EncodedUsers }
  | { type: 'release'; scope: number }
  | (Task & { task: number });

/**
 * A task's packed items in one buffer (one transfer), item i at `bytes[ends[i - 1] .. ends[i]]`; or
 * the board it ranked.
 */
type Reply =
  | { task: number; bytes: Uint8Array; ends: Uint32Array }
  | ({ task: number } & BoardOrder)
  | { task: number; error: string };

function joined(packed: readonly Uint8Array[]) {
  const ends = new Uint32Array(packed.length);
  let length = 0;
  packed.forEach((item, i) => (ends[i] = length += item.length));
  const bytes = new Uint8Array(length);
  packed.forEach((item, i) => bytes.set(item, i === 0 ? 0 : ends[i - 1]));
  return { bytes, ends };
}

/** The items of a reply, each a view of its one buffer. */
const split = ({ bytes, ends }: { bytes: Uint8Array; ends: Uint32Array }) =>
  Array.from(ends, (end, i) => bytes.subarray(i === 0 ? 0 : ends[i - 1], end));

/** A task done in this thread (`users`: its scope's, for packing). */
function run(users: EncodedUsers | undefined, task: Task): Result {
  if (task.type === 'rank') return rankEntries(task.values, task.direction);
  if (!users) throw new Error(`packing worker: no scope ${task.scope}`);
  return task.type === 'pages' ? packPages(users, task.rows) : packBuckets(users, task.rows);
}

/** A task's result as a reply, and the buffers it moves. */
function replyOf(task: number, result: Result): [Reply, ArrayBuffer[]] {
  if (!Array.isArray(result))
    return [
      { task, order: result.order, rankAt: result.rankAt },
      [result.order.buffer as ArrayBuffer, result.rankAt.buffer as ArrayBuffer],
    ];
  const { bytes, ends } = joined(result);
  return [{ task, bytes, ends }, [bytes.buffer as ArrayBuffer, ends.buffer as ArrayBuffer]];
}

/** The buffers a task's rows are in, moved to the worker with it (values to rank are copied: still read here). */
function rowBuffers(task: Task): ArrayBuffer[] {
  if (task.type === 'rank') return [];
  const arrays =
    task.type === 'pages'
      ? [
          task.rows.user,
          task.rows.rank,
          task.rows.value,
          task.rows.withdrawn,
          ...(task.rows.ends ? [task.rows.ends] : []),
        ]
      : [task.rows.values, ...task.rows.members];
  return arrays.map((array) => array.buffer as ArrayBuffer);
}

/** A worker's loop: keeps the scopes' users it is given and packs what it is asked. */
function serve(port: MessagePort) {
  const scopes = new Map<number, EncodedUsers>();
  port.on('message', (request: Request) => {
    if (request.type === 'scope') {
      scopes.set(request.scope, request.users);
      return;
    }
    if (request.type === 'release') {
      scopes.delete(request.scope);
      return;
    }
    let reply: [Reply, ArrayBuffer[]];
    try {
      reply = replyOf(request.task, run('scope' in request ? scopes.get(request.scope) : undefined, request));
    } catch (error) {
      reply = [{ task: request.task, error: error instanceof Error ? error.message : String(error) }, []];
    }
    port.postMessage(...reply);
  });
}

if (!isMainThread && (workerData as { role?: string } | null)?.role === ROLE) serve(parentPort!);

/** Packs a scope's pages and buckets: in this thread, or with a pool's workers. */
export interface Packer {
  pages(rows: PageRows): Promise<Uint8Array[]>;
  buckets(rows: BucketRows): Promise<Uint8Array[]>;
  /** Packs one queued task in this thread; false when none is queued. */
  helpOnce(): boolean;
  /** How many tasks to keep started ahead of the one being written. */
  readonly ahead: number;
  /** Pages packed per task (a guild's member pages: about as many rows). */
  readonly pagesPerTask: number;
  /** The scope's users are no longer needed. */
  release(): void;
}

/** Pages packed per task: 10,000 rows, some tens of milliseconds. */
const PAGES_PER_TASK = 100;

/** Packing in the job's own thread (small scopes, or no spare vCPU): each task as it is asked. */
export const packInThread = (users: EncodedUsers): Packer => ({
  pages: (rows) => Promise.resolve(packPages(users, rows)),
  buckets: (rows) => Promise.resolve(packBuckets(users, rows)),
  helpOnce: () => false,
  ahead: 1,
  pagesPerTask: PAGES_PER_TASK,
  release: () => {},
});

/** Memory the workers can read: the encoded users are allocated in it. */
export const sharedBytes = (bytes: number) => new Uint8Array(new SharedArrayBuffer(bytes));

function shared<T extends Uint8Array | Uint32Array>(array: T): T {
  if (array.buffer instanceof SharedArrayBuffer) return array;
  const copy = new (array.constructor as new (buffer: SharedArrayBuffer) => T)(
    new SharedArrayBuffer(array.byteLength),
  );
  copy.set(array as never);
  return copy;
}

/**
 * The TypeScript source a worker loads outside a bundle: this module, named here so that every tool
 * sees which module a worker runs.
 */
const source = new URL('./packing-pool.ts', import.meta.url);

/**
 * Node 20 hands tsx's loader to no worker (neither inherited nor through `execArgv`), so a worker on
 * the source registers it first. Static code: the module comes in `workerData`.
 */
const loadThroughTsx =
  "import('tsx/esm/api').then((tsx) => { tsx.register(); return import(require('node:worker_threads').workerData.source); })";

/**
 * Starts a worker on this module. In AWS that is the job's bundle (`import.meta.url`), built from
 * this file: esbuild makes no entry of its own for a `new URL('./x.js', import.meta.url)` worker, so
 * the worker is the bundle itself and needs no file beside it. Elsewhere (tests, the local stack) it
 * is the source, through tsx.
 */
function startWorker(): Worker {
  const workerData = { role: ROLE, source: source.href };
  const here = new URL(import.meta.url);
  if (!here.pathname.endsWith('.ts')) return new Worker(here, { workerData });
  return new Worker(loadThroughTsx, { workerData, eval: true });
}

interface Queued {
  task: Task;
  users: EncodedUsers | undefined;
  resolve: (result: Result) => void;
  reject: (error: Error) => void;
}

interface PoolWorker {
  worker: Worker;
  /** The tasks it was sent and has not answered. */
  sent: Map<number, Queued>;
  failed: Error | null;
}

/** Tasks a worker is sent before it answers one: the next is there when it finishes. */
const SENT_PER_WORKER = 6;

/** Worker threads for one ranking run: started when a large scope needs them, ended with the run. */
export class PackingPool {
  private readonly workers: PoolWorker[];
  private readonly queue: Queued[] = [];
  private nextTask = 0;
  private nextScope = 0;
  /** Tasks packed by the workers and by the job's thread (for the job's log, and the tests). */
  readonly packed = { workers: 0, thread: 0 };
  private readonly pagesPerTask: number;

  /**
   * `pagesPerTask` splits the boards more finely than a run does, so that the tests' boards of a
   * few thousand users span several tasks.
   */
  constructor(size: number, options: { pagesPerTask?: number } = {}) {
    this.pagesPerTask = options.pagesPerTask ?? PAGES_PER_TASK;
    this.workers = Array.from({ length: size }, () => {
      const entry: PoolWorker = { worker: startWorker(), sent: new Map(), failed: null };
      entry.worker.on('message', (reply: Reply) => {
        const queued = entry.sent.get(reply.task);
        if (!queued) return;
        entry.sent.delete(reply.task);
        if ('error' in reply) queued.reject(new Error(reply.error));
        else if ('bytes' in reply) {
          this.packed.workers++;
          queued.resolve(split(reply));
        } else queued.resolve({ order: reply.order, rankAt: reply.rankAt });
        this.dispatch();
      });
      const fail = (error: Error) => {
        entry.failed ??= error;
        for (const queued of entry.sent.values()) queued.reject(error);
        entry.sent.clear();
      };
      entry.worker.on('error', fail);
      entry.worker.on('exit', (code) => fail(new Error(`packing worker ended (exit code ${code})`)));
      return entry;
    });
  }

  /** Sends queued tasks to the workers that have room. */
  private dispatch() {
    for (const entry of this.workers)
      while (!entry.failed && entry.sent.size < SENT_PER_WORKER && this.queue.length > 0) {
        const queued = this.queue.shift()!;
        const task = this.nextTask++;
        entry.sent.set(task, queued);
        entry.worker.postMessage({ ...queued.task, task }, rowBuffers(queued.task));
      }
  }

  /** A task queued for the workers (or for this thread, when it helps). */
  private queued<T extends Result>(task: Task, users?: EncodedUsers) {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ task, users, resolve: resolve as (result: Result) => void, reject });
      this.dispatch();
    });
  }

  /** A board ranked by a worker (its values copied there), while this thread does other work. */
  rank(values: Float64Array, direction: RankDirection) {
    return this.queued<BoardOrder>({ type: 'rank', values, direction });
  }

  /** A scope's packer: its users shared with every worker, its tasks queued for them. */
  scope(users: EncodedUsers): Packer {
    const scope = this.nextScope++;
    const data: EncodedUsers = { bytes: shared(users.bytes), start: shared(users.start) };
    for (const { worker } of this.workers) worker.postMessage({ type: 'scope', scope, users: data });
    return {
      pages: (rows) => this.queued({ type: 'pages', scope, rows }, users),
      buckets: (rows) => this.queued({ type: 'buckets', scope, rows }, users),
      helpOnce: () => {
        const queued = this.queue.shift();
        if (!queued) return false;
        try {
          const result = run(queued.users, queued.task);
          if (Array.isArray(result)) this.packed.thread++;
          queued.resolve(result);
        } catch (error) {
          queued.reject(error instanceof Error ? error : new Error(String(error)));
        }
        return true;
      },
      ahead: 16 * (this.workers.length + 1),
      pagesPerTask: this.pagesPerTask,
      release: () => {
        for (const { worker, failed } of this.workers)
          if (!failed) worker.postMessage({ type: 'release', scope });
      },
    };
  }

  /** Ends every worker. */
  async close() {
    await Promise.all(this.workers.map(({ worker }) => worker.terminate()));
  }
}

/** A board ranked by a pool's worker, or here when there is no pool. */
export const rankOn = (pool: PackingPool | null, values: Float64Array, direction: RankDirection) =>
  pool ? pool.rank(values, direction) : Promise.resolve(rankEntries(values, direction));

/** Users from which a scope is packed with workers: below it, starting them costs more than it saves. */
export const PARALLEL_PACKING_FROM = 200_000;

/** A run's pool, started by the first scope large enough to need it. */
export function runPool(workers: number, from = PARALLEL_PACKING_FROM) {
  let pool: PackingPool | null = null;
  return {
    for: (users: number) => (workers > 0 && users >= from ? (pool ??= new PackingPool(workers)) : null),
    /** What the pool packed, when one was started. */
    report: () =>
      pool && { workers, tasks_by_workers: pool.packed.workers, tasks_in_job_thread: pool.packed.thread },
    close: async () => {
      await pool?.close();
    },
  };
}
