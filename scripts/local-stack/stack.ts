import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type RequestListener, type Server } from 'node:http';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { config, resetConfig } from '../../functions/src/lib/config';
import { clockOffset, now, nowMs, setClockTo } from '../../functions/src/lib/clock';
import { generateLocalSigningKey, localIssuer } from '../../functions/src/lib/local-issuer';
import { setDb } from '../../functions/src/db/client';
import { seedIfEmpty } from '../seed/seed';
import { runMigrations } from '../../functions/src/domain/migrations/runner';
import { sampleSeasonDay } from '../seed/generate';
import { claimSeedTemplate } from './seed-template';
import { inProcessRankingJobsSettled } from '../../functions/src/domain/job-runs/start-ranking-job';
import { runJobEntriesInProcess } from './in-process-jobs';
import { startLocalJobs, type LocalJobs } from './jobs';
import { clockPath, serveClock } from './clock-route';
import { publishRankingsNow, rankingJobPath, serveRankingJob } from './ranking-route';
import type { RankingJobResult } from '../../functions/src/domain/ranking/job/publish-job';
import { faultsPath, serveFaults } from './faults';
import { databaseOnRunDynamoDb, startDynamoDbLocal, type DynamoDbLocal } from './dynamodb-local';
import { internalErrorAnswer, invokeApi } from './lambda-adapter';
import { startApiWorkers, type ApiPool, type ApiWorkers } from './api-workers';
import { EdgeCache, type EdgeCacheOptions } from './edge-cache';
import { handleOAuthStandIn, oauthStandInPrefix } from './oauth-standin';
import { handleXStandIn, xStandInPrefix } from './x-standin';
import { handleLineStandIn, lineStandInPrefix } from './line-standin';
import { lineOutboxPagePath, outboxPagePath, serveLineOutboxPage, serveOutboxPage } from './outbox-page';
import { siteConfigPath, siteConfigScript } from '../../shared/src/site-config';
import { socialCallbackPath } from '../../shared/src/schemas/social';
import { repositoryRoot } from './paths';
import { startS3Local, type S3Local } from './s3-local';
import { serveStatic, staticAnswer } from './static-site';
import { sendAnswer, setSecurityHeaders } from './edge';
import { errorMessages } from '../../shared/src/errors';
import type { FunctionVariable } from '../../shared/src/function-environment';

export interface StackOptions {
  port?: number;
  host?: string;
  /** Where DynamoDB Local, s3rver and the signing key keep their data; null keeps everything in memory. */
  dataDir?: string | null;
  /** Seed the sample season when the table is empty. */
  seed?: boolean;
  /** The instant the sample season is built around (defaults to the game clock's now). */
  seedNow?: Date;
  /**
   * A folder shared by stacks that seed the same sample season (npm test gives one per run in
   * `LOCAL_SEED_TEMPLATE`): the stack runs emulators of its own on files there, copied from the
   * season the first of them seeded instead of seeding again (scripts/local-stack/seed-template.ts).
   * Only for a seeded in-memory stack (`dataDir: null`) without `seedNow`; ignored otherwise.
   */
  seedTemplate?: string;
  /**
   * The game clock's instant at start (`npm start -- --clock 2026-07-01T06:00+09:00`); it runs on
   * from there and POST /dev/clock moves it. The host's time when absent.
   */
  clock?: Date;
  /** The built SPA to serve; null serves the API only. */
  spaDir?: string | null;
  quiet?: boolean;
  /**
   * Runs the scheduled jobs (ranking recompute, carry-over at each deadline) on the AWS schedule;
   * `npm start` does, the test suites run them when a test asks.
   */
  jobs?: boolean;
  /**
   * The launch gate /site-config.js gives (off when absent), beside the social providers of
   * `SOCIAL_PROVIDERS` (all four unless set: `SOCIAL_PROVIDERS=google npm start`).
   */
  launchGate?: boolean;
  /**
   * Caches at the local edge as CloudFront does (shared/src/edge-cache.ts): public answers are then
   * served again until their TTL ends, so a new ranking snapshot shows within it. `npm start` and
   * the load benchmark do; the test suites, which read their own writes at once, do when they ask.
   */
  edgeCache?: boolean | EdgeCacheOptions;
  /**
   * API processes, each with its own module state as separate Lambda instances have; 0 runs the
   * handlers in this process (the test suites, which inspect the calls they made).
   */
  apiWorkers?: number;
  /**
   * Processes of their own for the shared reads the edge may keep (`apiPoolOf`: the ranking pages,
   * the schedule, ...), beside the `apiWorkers` ones, as in AWS each route is its own function: a
   * page the cache misses does not wait behind signed-in calls. 1 by default when `apiWorkers` is set.
   */
  sharedApiWorkers?: number;
  /** Told the stack's URL as soon as it listens, before its handlers are ready. */
  onListening?: (url: string) => void;
}

/** How long an API call made while the stack starts is told to wait before trying again. */
const startingRetryAfterSeconds = 5;

const isApiPath = (url: string | undefined) => {
  const path = (url ?? '/').split('?')[0]!;
  return path === '/api' || path.startsWith('/api/');
};

export interface Stack {
  url: string;
  env: Record<string, string>;
  /** Calls sent to each pool of API processes so far, when the API runs in processes of its own. */
  apiCalls?: Readonly<Record<ApiPool, number>>;
  /**
   * Moves the game clock of the stack and of its API processes to `instant`, forgets the edge's
   * kept answers, and runs the scheduled jobs the move made due (when the stack runs them).
   */
  setClock(instant: Date): Promise<ClockMove>;
  /**
   * Publishes the rankings marked stale now, once the ranking runs that API calls started ended
   * (POST /dev/jobs/ranking, ranking-route.ts); answers when they are published.
   */
  publishRankings(): Promise<RankingJobResult>;
  stop(): Promise<void>;
}

export interface ClockMove {
  /** The game clock's instant after the move. */
  now: string;
  /** The instant each API process reads after the move (none when the API runs in this process). */
  api_processes: string[];
  /** The jobs the move made due, run before the answer, in their order. */
  jobs_run: string[];
}

/** What the local stack puts in the environment: the functions' variables and the SDK's. */
type LocalEnvironment = Partial<Record<FunctionVariable, string>> & Record<`AWS_${string}`, string>;

const tableName = 'golf-local';
const bucketName = 'golf-uploads';

/**
 * The whole game on one origin: DynamoDB Local, s3rver, the local issuer, the handlers behind the
 * route table and the built SPA. Environment variables that already point at another endpoint
 * (AWS_ENDPOINT_URL, AWS_ENDPOINT_URL_DYNAMODB, AWS_ENDPOINT_URL_S3) are honoured instead.
 */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const dataDir = options.dataDir === undefined ? join(repositoryRoot, '.data') : options.dataDir;
  const log = (line: string) => options.quiet || console.log(line);
  // The jobs that AWS starts as functions of their own (the ranking job, the reminder senders) run
  // in this process.
  runJobEntriesInProcess();
  const stops: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const fn of stops.reverse()) await fn().catch(() => undefined);
    stops.length = 0;
  };

  try {
    const template =
      options.seedTemplate && dataDir === null && options.seed !== false && !options.seedNow
        ? await claimSeedTemplate(options.seedTemplate, sampleSeasonDay(options.clock ?? new Date(nowMs())))
        : undefined;
    if (template) stops.push(async () => template.release());
    // A stack on a seed template runs its own emulators on the template's files.
    const externalDynamo = template
      ? undefined
      : (process.env['AWS_ENDPOINT_URL_DYNAMODB'] ?? process.env['AWS_ENDPOINT_URL']);
    const externalS3 = template
      ? undefined
      : (process.env['AWS_ENDPOINT_URL_S3'] ?? process.env['AWS_ENDPOINT_URL']);
    const region = process.env['AWS_REGION'] ?? 'ap-northeast-1';
    let dynamo: DynamoDbLocal | undefined;
    let s3: S3Local | undefined;
    if (!externalDynamo) {
      const dynamoDir = template?.dynamoDir ?? (dataDir ? join(dataDir, 'dynamodb') : null);
      // An in-memory stack's data ends with it: under npm test, it takes a database of its own on
      // the run's DynamoDB Local instead of starting a JVM.
      dynamo =
        (dataDir === null && !externalS3 ? databaseOnRunDynamoDb(dynamoDir, region) : undefined) ??
        (await startDynamoDbLocal({ dataDir: dynamoDir }));
      stops.push(dynamo.stop);
    }
    if (!externalS3) {
      const directory =
        template?.s3Dir ?? (dataDir ? join(dataDir, 's3') : mkdtempSync(join(tmpdir(), 'golf-s3-')));
      s3 = await startS3Local({ directory, bucket: bucketName, accessKeyId: dynamo?.accessKeyId });
      stops.push(s3.stop);
      if (!dataDir && !template) stops.push(async () => rmSync(directory, { recursive: true, force: true }));
    }
    // Stops run in reverse: once the server no longer takes calls, the ranking runs they started in
    // this process end before the emulators they read and write stop.
    stops.push(inProcessRankingJobsSettled);

    // The server must listen before the handlers are set up (the issuer's URL holds its port). An API
    // call that arrives in between is told at once to come back (503 with Retry-After), as a deploy
    // in progress would answer; a page waits for the handlers, which serve it as soon as they are set.
    let markReady!: (handle: RequestListener | null) => void;
    let isReady = false;
    const ready = new Promise<RequestListener | null>((resolve) => (markReady = resolve));
    void ready.then(() => (isReady = true));
    const server: Server = createServer((request, response) => {
      if (!isReady && isApiPath(request.url)) {
        response.writeHead(503, {
          'content-type': 'application/json; charset=utf-8',
          'cache-control': 'no-store',
          'retry-after': String(startingRetryAfterSeconds),
        });
        response.end(
          JSON.stringify({ message: errorMessages.service_unavailable, code: 'service_unavailable' }),
        );
        return;
      }
      void ready.then((handle) => {
        if (handle) return handle(request, response);
        response.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '5' });
        response.end('起動に失敗しました。');
      });
    });
    stops.push(async () => markReady(null));
    const host = options.host ?? '127.0.0.1';
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 3000, host, () => resolve());
    });
    stops.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    server.closeIdleConnections?.();
    const port = (server.address() as AddressInfo).port;
    const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
    options.onListening?.(url);

    const signingKey = await loadSigningKey(dataDir);
    const xStandIn = {
      clientId: 'local-x-app',
      clientSecret: randomBytes(24).toString('base64url'),
      redirectUri: `${url}${socialCallbackPath('twitter')}`,
    };
    const lineStandIn = {
      channelId: '1234567890',
      channelSecret: randomBytes(16).toString('hex'),
      redirectUri: `${url}${socialCallbackPath('line')}`,
    };
    // The functions' names come from shared/src/function-environment.ts; the SDK's and Lambda's are AWS_*.
    const env: LocalEnvironment = {
      STAGE: 'local',
      AWS_REGION: region,
      // The key of the stack's database on the run's DynamoDB Local, which its s3rver also takes.
      AWS_ACCESS_KEY_ID:
        dynamo?.accessKeyId ?? process.env['AWS_ACCESS_KEY_ID'] ?? (externalDynamo ? '' : 'S3RVER'),
      AWS_SECRET_ACCESS_KEY:
        dynamo?.accessKeyId ?? process.env['AWS_SECRET_ACCESS_KEY'] ?? (externalDynamo ? '' : 'S3RVER'),
      AWS_ENDPOINT_URL_DYNAMODB: externalDynamo ?? dynamo!.endpoint,
      AWS_ENDPOINT_URL_S3: externalS3 ?? s3!.endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      // The template's table is the default's, whatever table the caller's environment names.
      TABLE_NAME: template ? tableName : (process.env['TABLE_NAME'] ?? tableName),
      UPLOADS_BUCKET: process.env['UPLOADS_BUCKET'] ?? bucketName,
      UPLOADS_PUBLIC_URL: `${externalS3 ?? s3!.endpoint}/${process.env['UPLOADS_BUCKET'] ?? bucketName}`,
      AUTH_ISSUER: localIssuer(url),
      AUTH_JWKS_URL: `${url}/api/dev/auth/.well-known/jwks.json`,
      AUTH_AUDIENCE: 'golf-web',
      AUTH_OAUTH_URL: `${url}/api/dev/auth`,
      LOCAL_AUTH_PRIVATE_JWK: JSON.stringify(signingKey),
      // LINE's sign-in, run by the API against the stand-in LINE at LINE's paths under this origin.
      LINE_CHANNEL_ID: lineStandIn.channelId,
      LINE_CHANNEL_SECRET: lineStandIn.channelSecret,
      LINE_AUTHORIZE_URL: `${url}${lineStandInPrefix}oauth2/v2.1/authorize`,
      LINE_API_URL: `${url}${lineStandInPrefix.slice(0, -1)}`,
      // X's sign-in, run by the API against the stand-in X at X's paths under this origin.
      X_CLIENT_ID: xStandIn.clientId,
      X_CLIENT_SECRET: xStandIn.clientSecret,
      X_AUTHORIZE_URL: `${url}${xStandInPrefix}i/oauth2/authorize`,
      X_API_URL: `${url}${xStandInPrefix.slice(0, -1)}`,
      // The arrival receipts' key (Secrets Manager in AWS), new at every start: a receipt lives 30 s.
      ARRIVAL_RECEIPT_KEY: randomBytes(32).toString('base64url'),
      MAIL_TRANSPORT: 'outbox',
      SITE_URL: url,
      LOG_LEVEL: process.env['LOG_LEVEL'] ?? (options.quiet ? 'warn' : 'info'),
      // As Lambda sets it: the logger marks each process's first call `cold_start`.
      AWS_LAMBDA_INITIALIZATION_TYPE: 'on-demand',
      // An API process serves many calls at once, where a Lambda instance serves one.
      DYNAMODB_MAX_SOCKETS: process.env['DYNAMODB_MAX_SOCKETS'] ?? '256',
    };
    for (const [name, value] of Object.entries(env)) if (value !== '') process.env[name] = value;
    // Set before the API processes start: they read its offset from the environment.
    if (options.clock) setClockTo(options.clock);
    resetConfig();
    setDb(undefined);

    const { created } = await (await import('./table')).ensureTable(env['TABLE_NAME']!);
    if (created) log(`テーブル ${env['TABLE_NAME']} を作成しました`);
    let seeded: Awaited<ReturnType<typeof seedIfEmpty>> = null;
    if (options.seed !== false) {
      seeded = await seedIfEmpty({ now: options.seedNow ?? now() });
      if (seeded) log(`サンプルデータを投入しました (${seeded.items} 件)`);
    }
    // As `npm run ops -- migrate` after a deploy: data stored by an earlier version is moved to the
    // keys this one reads, and a new table records every migration as applied.
    const migrated = await runMigrations({ now: now(), budgetMs: Number.POSITIVE_INFINITY });
    const applied = migrated.migrations.filter((migration) => migration.state === 'applied');
    if (applied.length && !created) log(`データを移行しました: ${applied.map((m) => m.name).join(', ')}`);
    if (seeded && template) template.publish();

    // The scheduled jobs (EventBridge in AWS) on the same schedule, for `npm start`.
    let jobs: LocalJobs | undefined;
    if (options.jobs) {
      jobs = startLocalJobs({
        onError: (job, error) => {
          if (!options.quiet) console.error(`${job.name} failed`, error);
        },
      });
      stops.push(async () => jobs?.stop());
    }

    let workers: ApiWorkers | undefined;
    if (options.apiWorkers) {
      workers = await startApiWorkers(options.apiWorkers, options.sharedApiWorkers ?? 1);
      stops.push(workers.stop);
      log(`API: ${workers.count} プロセス`);
    }
    const apiOrigin = (request: IncomingMessage) =>
      workers ? workers.invoke(request) : invokeApi(request, { includeLocalOnly: true });
    const edge = options.edgeCache
      ? new EdgeCache(options.edgeCache === true ? {} : options.edgeCache)
      : undefined;

    const setClock = async (instant: Date): Promise<ClockMove> => {
      setClockTo(instant);
      const seen = workers ? await workers.setClockOffset(clockOffset()) : [];
      edge?.clear();
      const jobsRun = jobs ? await jobs.catchUp() : [];
      return {
        now: new Date(nowMs()).toISOString(),
        api_processes: seen.map((ms) => new Date(ms).toISOString()),
        jobs_run: jobsRun,
      };
    };

    const publishRankings = () =>
      publishRankingsNow({
        startedRunsEnded: async () => {
          await Promise.all([inProcessRankingJobsSettled(), workers?.rankingRunsEnded()]);
        },
      });

    const spaDir = options.spaDir === undefined ? join(repositoryRoot, 'frontend/dist') : options.spaDir;
    const originOf = (url: string) => new URL(url).origin;
    const siteOrigins = {
      images: [originOf(env['UPLOADS_PUBLIC_URL']!)],
      uploads: [originOf(env['AWS_ENDPOINT_URL_S3']!)],
      // The local stand-ins of the sign-in providers are on this origin.
      signIn: [],
    };
    const handle: RequestListener = (request, response) => {
      setSecurityHeaders(response, siteOrigins);
      const path = (request.url ?? '/').split('?')[0]!;
      if (path === siteConfigPath) {
        response.writeHead(200, {
          'content-type': 'text/javascript; charset=utf-8',
          'cache-control': 'no-cache',
        });
        response.end(
          siteConfigScript({
            launchGate: options.launchGate ?? false,
            socialProviders: config().SOCIAL_PROVIDERS,
          }),
        );
        return;
      }
      // Run inside a promise, so that a handler that throws at once answers 500 like one that
      // rejects, instead of ending the process.
      const task = Promise.resolve().then(() =>
        path === clockPath
          ? serveClock(request, response, setClock, url)
          : path === rankingJobPath
            ? serveRankingJob(request, response, publishRankings, url)
            : path === faultsPath
              ? serveFaults(request, response, url)
              : path === outboxPagePath
                ? serveOutboxPage(request, response)
                : path === lineOutboxPagePath
                  ? serveLineOutboxPage(request, response)
                  : path.startsWith(lineStandInPrefix)
                    ? handleLineStandIn(request, response, lineStandIn).then((handled) => {
                        if (!handled)
                          response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
                      })
                    : path.startsWith(xStandInPrefix)
                      ? handleXStandIn(request, response, xStandIn).then((handled) => {
                          if (!handled)
                            response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
                        })
                      : path.startsWith(oauthStandInPrefix)
                        ? handleOAuthStandIn(request, response).then((handled) => {
                            if (!handled)
                              response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
                          })
                        : path === '/api' || path.startsWith('/api/')
                          ? edge
                            ? edge.serve(request, response, apiOrigin)
                            : apiOrigin(request).then((answer) => sendAnswer(request, response, answer))
                          : Promise.resolve(
                              spaDir
                                ? edge
                                  ? edge.serve(request, response, (rewritten) =>
                                      staticAnswer(spaDir, rewritten),
                                    )
                                  : serveStatic(spaDir, request, response)
                                : (response.writeHead(404, { 'content-type': 'text/plain' }),
                                  response.end('not found')),
                            ),
      );
      task.catch((error: unknown) => {
        console.error(error);
        if (!response.headersSent) {
          response.writeHead(internalErrorAnswer.status, internalErrorAnswer.headers);
          response.end(internalErrorAnswer.body);
        } else {
          response.end();
        }
      });
    };
    markReady(handle);
    return {
      url,
      env,
      ...(workers ? { apiCalls: workers.served } : {}),
      setClock,
      publishRankings,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function loadSigningKey(dataDir: string | null) {
  if (!dataDir) return generateLocalSigningKey();
  const file = join(dataDir, 'auth-signing-key.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  mkdirSync(dataDir, { recursive: true });
  const key = await generateLocalSigningKey();
  writeFileSync(file, JSON.stringify(key), { mode: 0o600 });
  return key;
}
