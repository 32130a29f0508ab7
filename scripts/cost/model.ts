/**
 * The monthly AWS bill as arithmetic: prices, a usage profile and what the templates deploy, in; one
 * line per service, out. Pure, so that its test checks the sums by hand.
 */

/** ap-northeast-1 list prices in USD, as read on AWS's pricing pages (see `pricesReadOn`). */
export const prices = {
  lambdaGbSecond: 0.0000133334, // arm64
  lambdaPerMillionRequests: 0.2,
  lambdaFreeGbSeconds: 400_000,
  lambdaFreeRequests: 1_000_000,
  httpApiPerMillion: 1.29,
  cloudFrontPerGb: 0.114, // Japan, first 10 TB
  cloudFrontPer10kHttps: 0.012,
  cloudFrontFreeGb: 1_000,
  cloudFrontFreeRequests: 10_000_000,
  dynamoPerMillionWrites: 0.715,
  dynamoPerMillionReads: 0.143,
  dynamoStoragePerGb: 0.285,
  dynamoPitrPerGb: 0.228,
  wafPerAcl: 5,
  wafPerRule: 1,
  wafPerMillionRequests: 0.6,
  /** Lite: 10,000 MAU free, then per MAU in bands. */
  cognitoLiteBands: [
    { upTo: 10_000, perMau: 0 },
    { upTo: 100_000, perMau: 0.0055 },
    { upTo: 1_000_000, perMau: 0.0046 },
    { upTo: 10_000_000, perMau: 0.00325 },
    { upTo: Infinity, perMau: 0.0025 },
  ],
  cognitoEssentialsFreeMau: 10_000,
  cognitoEssentialsPerMau: 0.015,
  cognitoPlusPerMau: 0.02,
  /** Players who sign in through an OIDC provider (LINE, X), whatever the plan below Plus. */
  cognitoOidcFreeMau: 50,
  cognitoOidcPerMau: 0.015,
  sesPer1000: 0.1,
  cloudWatchPerAlarm: 0.1,
  cloudWatchPerDashboard: 3,
  cloudWatchFreeDashboards: 3,
  cloudWatchPerCustomMetric: 0.3,
  cloudWatchLogsIngestPerGb: 0.76,
  cloudWatchLogsStoragePerGb: 0.033,
  xrayPerMillionTraces: 5,
  xrayFreeTraces: 100_000,
  secretPerMonth: 0.4,
  s3StandardPerGb: 0.025,
} as const;
export const pricesReadOn = '2026-11-26';

export type CognitoPlan = 'LITE' | 'ESSENTIALS' | 'PLUS';

/** What the synthesized templates deploy (scripts/cost/templates.ts reads them). */
export interface Deployed {
  apiFunctions: number;
  /** Memory of a typical API function (the most common size), MB. */
  apiMemoryMb: number;
  /** Each scheduled job: its memory and how many times a month its schedule starts it. */
  jobs: Array<{ name: string; memoryMb: number; runsPerMonth: number }>;
  /** The job that publishes the rankings (its memory, MB). */
  rankingJobMemoryMb: number;
  alarms: number;
  dashboards: number;
  wafRules: number;
  secrets: number;
  cognitoPlan: CognitoPlan;
  /**
   * The user pool's OIDC identity providers. LINE and X were federated through them, each of their
   * players priced as OIDC federation (docs/adr/0009-cognito-feature-plan.md); since the API runs their
   * sign-in, they are the pool's own users (docs/adr/0023-line-and-x-sign-in-by-the-api.md) and there are none.
   */
  oidcProviders: number;
  logRetentionDays: number;
  /** The table's warm throughput, units a second, when the template raises it (a one-time charge). */
  warmThroughput?: { readUnitsPerSecond: number; writeUnitsPerSecond: number };
}

/** Figures from the benchmarks (bench/results, docs/performance.md). */
export interface BenchFigures {
  /** Median cold import of a function's bundle, ms (npm run bench:bundles). */
  coldImportMs: number;
  /** Share of the ranking page calls the edge answered from its cache (npm run bench:load). */
  edgeHitShare: number;
  /** A ranking publish after a results update, and a full one, at a number of players (bench:ranking). */
  publish: Array<{ players: number; unitsPerUpdate: number; unitsFull: number; recomputeMs: number }>;
}

/** The usage profile: what one registered player does in a month of the season. */
export const usageProfile = {
  /** Registered players who sign in or refresh a session in a month (Cognito counts them). */
  activeShare: 0.6,
  /** Of those, who sign in with LINE or X (Google and Apple are the pool's social providers). */
  lineOrXShare: 0.25,
  /** API calls of one active player: public cacheable reads (rankings, schedule) and the others. */
  cacheableCalls: 120,
  otherCalls: 180,
  /** Static files the browser asks CloudFront for (its own cache keeps most), and bytes. */
  staticRequests: 60,
  megabytesTransferred: 5,
  /** DynamoDB read units of an API call that reaches a function, and write units of a player's month. */
  readUnitsPerCall: 3,
  writeUnitsPerPlayer: 80,
  /** Billed run time of a warm call, ms, and the share of calls that start an instance. */
  warmCallMs: 120,
  coldShare: 0.02,
  mailsPerPlayer: 4,
  /** Bytes of log lines per call (the request line and Lambda's platform lines). */
  logBytesPerCall: 1_500,
  /** Items a player keeps in the table (teams, picks, profile), KB, and share cards drawn a month. */
  storedKbPerPlayer: 10,
  shareCardsPerPlayer: 2,
  shareCardKb: 140,
  /** Results updates published a month (4 tournaments, 4 round days, 10 updates a day), full publishes. */
  publishesPerMonth: 160,
  fullPublishesPerMonth: 16,
  /** X-Ray: Lambda's default sampling, 1 call a second and 5% of the rest. */
  traceReservoirPerMonth: 2_592_000,
  traceRate: 0.05,
} as const;
export type UsageProfile = typeof usageProfile;

export interface BillLine {
  item: string;
  quantity: string;
  usd: number;
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const positive = (n: number) => Math.max(0, n);

/** Cognito's monthly price of `mau` players on a plan, and of `oidcMau` of them federated by OIDC. */
export function cognitoCost(plan: CognitoPlan, mau: number, oidcMau: number): number {
  if (plan === 'PLUS') return mau * prices.cognitoPlusPerMau;
  const oidc = positive(oidcMau - prices.cognitoOidcFreeMau) * prices.cognitoOidcPerMau;
  const direct = mau - oidcMau;
  if (plan === 'ESSENTIALS')
    return oidc + positive(direct - prices.cognitoEssentialsFreeMau) * prices.cognitoEssentialsPerMau;
  let cost = 0;
  let below = 0;
  for (const band of prices.cognitoLiteBands) {
    cost += positive(Math.min(direct, band.upTo) - below) * band.perMau;
    below = band.upTo;
  }
  return oidc + cost;
}

/** A publish's figures at `players`, scaled in proportion from the nearest measured size. */
export function publishAt(bench: BenchFigures, players: number) {
  const nearest = [...bench.publish].sort(
    (a, b) => Math.abs(Math.log(a.players / players)) - Math.abs(Math.log(b.players / players)),
  )[0]!;
  const scale = players / nearest.players;
  return {
    unitsPerUpdate: nearest.unitsPerUpdate * scale,
    unitsFull: nearest.unitsFull * scale,
    recomputeMs: nearest.recomputeMs * scale,
  };
}

/** The month's bill at `players` registered players, line by line. */
export function monthlyBill(
  players: number,
  deployed: Deployed,
  bench: BenchFigures,
  profile: UsageProfile = usageProfile,
): BillLine[] {
  const active = players * profile.activeShare;
  const cacheable = active * profile.cacheableCalls;
  const originCalls = cacheable * (1 - bench.edgeHitShare) + active * profile.otherCalls;
  const viewerRequests = active * (profile.cacheableCalls + profile.otherCalls + profile.staticRequests);
  const gb = (mb: number) => mb / 1024;

  const callSeconds = (profile.warmCallMs + profile.coldShare * bench.coldImportMs) / 1000;
  const publish = publishAt(bench, players);
  const jobRuns = deployed.jobs.reduce((sum, job) => sum + job.runsPerMonth, 0);
  // An idle scheduled run (nothing to publish or carry over): about a second at its memory.
  const jobGbSeconds = deployed.jobs.reduce((sum, job) => sum + job.runsPerMonth * gb(job.memoryMb), 0);
  const publishGbSeconds =
    (profile.publishesPerMonth + profile.fullPublishesPerMonth) *
    (publish.recomputeMs / 1000) *
    gb(deployed.rankingJobMemoryMb);
  const gbSeconds = originCalls * callSeconds * gb(deployed.apiMemoryMb) + jobGbSeconds + publishGbSeconds;
  const requests = originCalls + jobRuns;

  const publishUnits =
    profile.publishesPerMonth * publish.unitsPerUpdate + profile.fullPublishesPerMonth * publish.unitsFull;
  const apiReads = originCalls * profile.readUnitsPerCall;
  const apiWrites = active * profile.writeUnitsPerPlayer;
  const storedGb =
    (players * profile.storedKbPerPlayer) / 1024 / 1024 + (publish.unitsFull * 1) / 1024 / 1024;
  const cardsGb = (active * profile.shareCardsPerPlayer * profile.shareCardKb) / 1024 / 1024;
  const logGb = (originCalls * profile.logBytesPerCall) / 1024 ** 3;
  const traces = Math.min(originCalls, profile.traceReservoirPerMonth + profile.traceRate * originCalls);
  const lineOrXMau = active * profile.lineOrXShare;
  const oidcMau = deployed.oidcProviders > 0 ? lineOrXMau : 0;
  const transferredGb = gb(active * profile.megabytesTransferred);

  return [
    {
      item: 'Lambda (API calls, jobs, publishes)',
      quantity: `${fmt(requests)} invocations, ${fmt(gbSeconds)} GB-s`,
      usd:
        positive(gbSeconds - prices.lambdaFreeGbSeconds) * prices.lambdaGbSecond +
        (positive(requests - prices.lambdaFreeRequests) / 1e6) * prices.lambdaPerMillionRequests,
    },
    {
      item: 'API Gateway HTTP API',
      quantity: `${fmt(originCalls)} calls`,
      usd: (originCalls / 1e6) * prices.httpApiPerMillion,
    },
    {
      item: 'CloudFront',
      quantity: `${fmt(viewerRequests)} requests, ${fmt(transferredGb)} GB`,
      usd:
        positive(transferredGb - prices.cloudFrontFreeGb) * prices.cloudFrontPerGb +
        (positive(viewerRequests - prices.cloudFrontFreeRequests) / 1e4) * prices.cloudFrontPer10kHttps,
    },
    {
      item: 'WAF',
      quantity: `1 web ACL, ${deployed.wafRules} rules`,
      usd:
        prices.wafPerAcl +
        deployed.wafRules * prices.wafPerRule +
        (viewerRequests / 1e6) * prices.wafPerMillionRequests,
    },
    {
      item: 'DynamoDB, API reads and writes',
      quantity: `${fmt(apiReads)} read units, ${fmt(apiWrites)} write units`,
      usd:
        (apiReads / 1e6) * prices.dynamoPerMillionReads + (apiWrites / 1e6) * prices.dynamoPerMillionWrites,
    },
    {
      item: 'DynamoDB, ranking publishes',
      quantity: `${fmt(publishUnits)} write units`,
      usd: (publishUnits / 1e6) * prices.dynamoPerMillionWrites,
    },
    {
      item: 'DynamoDB storage and point-in-time recovery',
      quantity: `${storedGb.toFixed(1)} GB`,
      usd: storedGb * (prices.dynamoStoragePerGb + prices.dynamoPitrPerGb),
    },
    {
      item: `Cognito (${deployed.cognitoPlan.toLowerCase()})`,
      quantity:
        oidcMau > 0
          ? `${fmt(active)} MAU, ${fmt(oidcMau)} of them by OIDC`
          : `${fmt(active)} MAU, ${fmt(lineOrXMau)} of them LINE or X players (the pool's own users)`,
      usd: cognitoCost(deployed.cognitoPlan, active, oidcMau),
    },
    {
      item: 'SES',
      quantity: `${fmt(active * profile.mailsPerPlayer)} mails`,
      usd: ((active * profile.mailsPerPlayer) / 1000) * prices.sesPer1000,
    },
    {
      item: 'CloudWatch (alarms, dashboard, metrics, logs)',
      quantity: `${deployed.alarms} alarms, ${fmt(logGb)} GB of logs kept ${deployed.logRetentionDays} days`,
      usd:
        deployed.alarms * prices.cloudWatchPerAlarm +
        positive(deployed.dashboards - prices.cloudWatchFreeDashboards) * prices.cloudWatchPerDashboard +
        7 * prices.cloudWatchPerCustomMetric +
        logGb * prices.cloudWatchLogsIngestPerGb +
        logGb * (deployed.logRetentionDays / 30) * prices.cloudWatchLogsStoragePerGb,
    },
    {
      item: 'X-Ray',
      quantity: `${fmt(traces)} traces`,
      usd: (positive(traces - prices.xrayFreeTraces) / 1e6) * prices.xrayPerMillionTraces,
    },
    {
      item: 'Secrets Manager',
      quantity: `${deployed.secrets} secrets`,
      usd: deployed.secrets * prices.secretPerMonth,
    },
    {
      item: 'S3 (share cards added this month)',
      quantity: `${cardsGb.toFixed(1)} GB`,
      usd: cardsGb * prices.s3StandardPerGb,
    },
  ];
}

export const total = (lines: readonly BillLine[]) => lines.reduce((sum, line) => sum + line.usd, 0);
