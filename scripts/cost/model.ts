/**
 * The monthly AWS bill as arithmetic: prices, a usage profile and what the templates deploy, in; one
 * line per service, out. Pure, so that its test checks the sums by hand.
 */

/** ap-northeast-1 list prices in USD, as read on AWS's pricing pages (`priceSources`). */
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
  cloudFrontFunctionsPerMillion: 0.1,
  cloudFrontFunctionsFree: 2_000_000,
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
  secretsPer10kCalls: 0.05,
  s3StandardPerGb: 0.025,
} as const;
const pricesReadOn = '2026-11-26';
type PriceKey = keyof typeof prices;

/** The AWS pricing page each price is read from, and when. */
const page = (name: string, readOn = pricesReadOn) => `${name}, ${readOn}`;
/**
 * Prices added on 2026-11-29 from what secondary pages quote of AWS's page (not read on it): check
 * them there before budgeting.
 */
const quoted = (name: string) => `${name} as quoted by secondary pages, 2026-11-29 (not read on AWS's page)`;
export const priceSources: Record<PriceKey, string> = {
  lambdaGbSecond: page('AWS Lambda pricing'),
  lambdaPerMillionRequests: page('AWS Lambda pricing'),
  lambdaFreeGbSeconds: page('AWS Lambda pricing'),
  lambdaFreeRequests: page('AWS Lambda pricing'),
  httpApiPerMillion: page('Amazon API Gateway pricing'),
  cloudFrontPerGb: page('Amazon CloudFront pricing'),
  cloudFrontPer10kHttps: page('Amazon CloudFront pricing'),
  cloudFrontFreeGb: page('Amazon CloudFront pricing'),
  cloudFrontFreeRequests: page('Amazon CloudFront pricing'),
  cloudFrontFunctionsPerMillion: quoted('Amazon CloudFront pricing'),
  cloudFrontFunctionsFree: quoted('Amazon CloudFront pricing'),
  dynamoPerMillionWrites: page('Amazon DynamoDB pricing, on-demand'),
  dynamoPerMillionReads: page('Amazon DynamoDB pricing, on-demand'),
  dynamoStoragePerGb: page('Amazon DynamoDB pricing, on-demand'),
  dynamoPitrPerGb: page('Amazon DynamoDB pricing, on-demand'),
  wafPerAcl: page('AWS WAF pricing'),
  wafPerRule: page('AWS WAF pricing'),
  wafPerMillionRequests: page('AWS WAF pricing'),
  cognitoLiteBands: page('Amazon Cognito pricing'),
  cognitoEssentialsFreeMau: page('Amazon Cognito pricing'),
  cognitoEssentialsPerMau: page('Amazon Cognito pricing'),
  cognitoPlusPerMau: page('Amazon Cognito pricing'),
  cognitoOidcFreeMau: page('Amazon Cognito pricing'),
  cognitoOidcPerMau: page('Amazon Cognito pricing'),
  sesPer1000: page('Amazon SES pricing'),
  cloudWatchPerAlarm: page('Amazon CloudWatch pricing'),
  cloudWatchPerDashboard: page('Amazon CloudWatch pricing'),
  cloudWatchFreeDashboards: page('Amazon CloudWatch pricing'),
  cloudWatchPerCustomMetric: page('Amazon CloudWatch pricing'),
  cloudWatchLogsIngestPerGb: page('Amazon CloudWatch pricing'),
  cloudWatchLogsStoragePerGb: page('Amazon CloudWatch pricing'),
  xrayPerMillionTraces: page('AWS X-Ray pricing'),
  xrayFreeTraces: page('AWS X-Ray pricing'),
  secretPerMonth: page('AWS Secrets Manager pricing'),
  secretsPer10kCalls: quoted('AWS Secrets Manager pricing'),
  s3StandardPerGb: page('Amazon S3 pricing'),
};

/**
 * The LINE Official Account plans in Japan (yen a month, before tax), which price the LINE reminders
 * (Messaging API messages count against the plan: LINE Developers, "Messaging API pricing"). Read on
 * 2026-11-29 from what LINE Developers' pricing page links to (LINEヤフー for Business, "LINE公式アカウント
 * 料金プラン", https://www.lycbiz.com/jp/service/line-official-account/plan/) as several Japanese pages
 * quote it: the plans, their fees and free messages agree everywhere; the Standard plan's extra
 * messages are "up to ¥3 each, less with volume", and the volume bands past 100,000 messages could
 * not be confirmed, so every extra message is priced at ¥3 (an upper bound).
 */
export const linePlans = [
  { name: 'コミュニケーション', yenPerMonth: 0, freeMessages: 200, yenPerExtra: null },
  { name: 'ライト', yenPerMonth: 5_000, freeMessages: 5_000, yenPerExtra: null },
  { name: 'スタンダード', yenPerMonth: 15_000, freeMessages: 30_000, yenPerExtra: 3 },
] as const;
export const linePlansReadOn = '2026-11-29';
/** Yen to the dollar, to show the LINE line beside the AWS total: an assumption, not a quote. */
export const yenPerUsd = 150;

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
  /** The metrics the alarms read, which CloudWatch bills one by one (a metric math alarm, each). */
  alarmMetrics: number;
  dashboards: number;
  wafRules: number;
  /** Whether the web ACL writes its logs anywhere (a WAF logging configuration). */
  wafLogging: boolean;
  /** Secrets the stacks create, replicas counted, and those they read that the operator creates. */
  secrets: number;
  secretsRead: number;
  /** The functions that read each secret at run time (the variable naming it). */
  secretReaders: { origin: number; arrivalReceipt: number; lineToken: number; socialSignIn: number };
  /** Reminder senders at once (REMINDER_SENDERS). */
  reminderSenders: number;
  /** The API's Lambda authorizers (ADR 0010): how many, how long an answer is cached, their memory. */
  gate: { authorizers: number; ttlSeconds: number; memoryMb: number };
  /** CloudFront Functions run per viewer request: the site's default and /api/* behaviours, the uploads CDN. */
  edgeFunctions: { site: number; api: number; uploads: number };
  /** Distributions that write standard logs to S3. */
  loggedDistributions: number;
  /** Bytes of an API access log line (the stage's format with sample values). */
  accessLogLineBytes: number;
  cognitoPlan: CognitoPlan;
  /**
   * The user pool's OIDC identity providers. LINE and X were federated through them, each of their
   * players priced as OIDC federation (docs/adr/0009-cognito-feature-plan.md); since the API runs their
   * sign-in, they are the pool's own users (docs/adr/0027-line-and-x-sign-in-by-the-api.md) and there are none.
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
  /** A share card's size, KB (npm run bench:share, the median). */
  shareCardKb: number;
  /**
   * A ranking publish at a number of players, in the job's layout (npm run bench:ranking -- publish):
   * the write units of one results update (its round scope and the yearly board), of one round
   * scope and of the yearly board alone, and the recompute's time.
   */
  publish: Array<{
    players: number;
    unitsPerUpdate: number;
    scopeUnits: number;
    yearlyUnits: number;
    recomputeMs: number;
  }>;
}

/** The usage profile: what one registered player does in a month of the season. */
export const usageProfile = {
  /** Registered players who sign in or refresh a session in a month (Cognito counts them). */
  activeShare: 0.6,
  /** Of those, who sign in with LINE or X (Google and Apple are the pool's social providers). */
  lineOrXShare: 0.25,
  /** Sign-ins a month of each LINE or X player (each may start a new instance of the exchange). */
  signInsPerPlayer: 2,
  /** API calls of one active player: public cacheable reads (rankings, schedule) and the others. */
  cacheableCalls: 120,
  otherCalls: 180,
  /**
   * Minutes a month an active player calls signed-in routes: the user gate runs once per access
   * token per cache period (about 18 visits of 5 minutes).
   */
  signedInMinutes: 90,
  /** Billed run time of a gate's call, ms (a token checked against cached keys: an estimate). */
  gateCallMs: 30,
  /** Static files the browser asks CloudFront for (its own cache keeps most), and bytes. */
  staticRequests: 60,
  megabytesTransferred: 5,
  /** Pictures of the uploads CDN a player's browser asks for (avatars, guild images), KB each. */
  uploadImageRequests: 40,
  uploadImageKb: 30,
  /** Views of a share card (its page and picture, by the player and whoever it is shared with). */
  shareCardViews: 3,
  /** DynamoDB read units of an API call that reaches a function, and write units of a player's month. */
  readUnitsPerCall: 3,
  writeUnitsPerPlayer: 80,
  /** Billed run time of a warm call, ms, and the share of calls that start an instance. */
  warmCallMs: 120,
  coldShare: 0.02,
  /**
   * Minutes an instance lives (Lambda does not say; idle ones go within minutes): it reads its
   * secrets when it starts and every 5 minutes while it serves.
   */
  instanceMinutes: 10,
  mailsPerPlayer: 4,
  /** Bytes of log lines per call (Lambda's platform lines and the handlers'). */
  logBytesPerCall: 1_500,
  /** Bytes a CloudFront standard log line takes in S3, gzip'd (a line of about 500 bytes, compressed). */
  cdnLogBytesPerRequest: 60,
  /** Items a player keeps in the table (teams, picks, profile), KB, and share cards drawn a month. */
  storedKbPerPlayer: 10,
  shareCardsPerPlayer: 2,
  /** Tournaments a month and their rounds: a deadline each, and a results day each. */
  tournamentsPerMonth: 4,
  roundsPerTournament: 4,
  /** Results updates published a month (10 a results day). */
  publishesPerMonth: 160,
  /** Finished tournaments whose snapshots are kept (400 days: about a season's). */
  keptTournaments: 40,
  /** X-Ray: Lambda's default sampling, 1 call a second and 5% of the rest. */
  traceReservoirPerMonth: 2_592_000,
  traceRate: 0.05,
  /** Active players who turn LINE reminders on, and of them who still have no team at their time. */
  lineReminderShare: 0.1,
  noTeamShare: 0.3,
} as const;
export type UsageProfile = typeof usageProfile;

/** Where the profile's figures come from: estimates of this file, until production measures them. */
const profileSource = 'usage profile';

export interface BillLine {
  item: string;
  quantity: string;
  usd: number;
  /** The unit prices the line is priced at (free tiers named). */
  unitPrice: string;
  /** Where the quantity comes from (profile, templates, bench files) and where the prices do. */
  quantityFrom: string;
  priceFrom: string;
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const positive = (n: number) => Math.max(0, n);
const from = (...keys: PriceKey[]) => [...new Set(keys.map((key) => priceSources[key]))].join('; ');

/** A free tier several lines share: each takes what is left of it, in the bill's order. */
function freeTier(free: number) {
  let left = free;
  return (used: number) => {
    const taken = Math.min(left, used);
    left -= taken;
    return used - taken;
  };
}

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
    scopeUnits: nearest.scopeUnits * scale,
    yearlyUnits: nearest.yearlyUnits * scale,
    recomputeMs: nearest.recomputeMs * scale,
  };
}

/**
 * The write units the ranking job spends in a month, in its current layout (docs/performance.md,
 * "Rankings: publishing a results update"): each results update and each deadline passed writes one
 * round scope and the yearly board (the kept scopes are not written again); once a tournament is
 * finished, its next publish writes all its scopes again to keep them 400 days.
 */
export function publishUnits(bench: BenchFigures, players: number, profile: UsageProfile = usageProfile) {
  const publish = publishAt(bench, players);
  const deadlines = profile.tournamentsPerMonth * profile.roundsPerTournament;
  const finalUnits = profile.roundsPerTournament * publish.scopeUnits + publish.yearlyUnits;
  return {
    updates: profile.publishesPerMonth + deadlines,
    finals: profile.tournamentsPerMonth,
    finalUnits,
    units:
      (profile.publishesPerMonth + deadlines) * publish.unitsPerUpdate +
      profile.tournamentsPerMonth * finalUnits,
  };
}

/** Days the access logs bucket keeps CloudFront's standard logs (infra/lib/constructs/access-logs.ts). */
const CDN_LOG_DAYS = 90;
/** Labelled versions each reader loads: the origin secret's three, the receipt key's two (lib/). */
const ORIGIN_SECRET_VERSIONS = 3;
const RECEIPT_KEY_VERSIONS = 2;
/** What a new instance of the LINE and X code exchange loads for a sign-in: that provider's secret. */
const SOCIAL_SIGN_IN_READS = 1;
/** Secrets are read again every 5 minutes (origin-lock.ts, arrival-receipt.ts, line.ts). */
const SECRET_RELOAD_MINUTES = 5;
/** Reminder times a deadline may have (48, 24, 6, 2, 1 hours before: shared/src/game/reminders.ts). */
const REMINDER_TIMES = 5;
const month = 30 * 24 * 3600;

/** The month's bill of AWS at `players` registered players, line by line (LINE's is apart). */
export function monthlyBill(
  players: number,
  deployed: Deployed,
  bench: BenchFigures,
  profile: UsageProfile = usageProfile,
): BillLine[] {
  const active = players * profile.activeShare;
  const cacheable = active * profile.cacheableCalls;
  const originCalls = cacheable * (1 - bench.edgeHitShare) + active * profile.otherCalls;
  const apiRequests = active * (profile.cacheableCalls + profile.otherCalls);
  const staticRequests = active * profile.staticRequests;
  const viewerRequests = apiRequests + staticRequests;
  const gb = (mb: number) => mb / 1024;
  const kbToGb = (kb: number) => kb / 1024 / 1024;
  // Free tiers are the account's: the lines that share one take it in the bill's order.
  const lambdaRequests = freeTier(prices.lambdaFreeRequests);
  const lambdaGbSeconds = freeTier(prices.lambdaFreeGbSeconds);
  const lambdaUsd = (invocations: number, gbSeconds: number) =>
    lambdaGbSeconds(gbSeconds) * prices.lambdaGbSecond +
    (lambdaRequests(invocations) / 1e6) * prices.lambdaPerMillionRequests;
  const cdnRequests = freeTier(prices.cloudFrontFreeRequests);
  const cdnGb = freeTier(prices.cloudFrontFreeGb);
  const cloudFrontUsd = (requests: number, transferred: number) =>
    cdnGb(transferred) * prices.cloudFrontPerGb +
    (cdnRequests(requests) / 1e4) * prices.cloudFrontPer10kHttps;
  const lambdaPrice = `$${prices.lambdaGbSecond} a GB-s, $${prices.lambdaPerMillionRequests} a million invocations (free: ${fmt(prices.lambdaFreeGbSeconds)} GB-s, ${fmt(prices.lambdaFreeRequests)} invocations, shared)`;
  const cloudFrontPrice = `$${prices.cloudFrontPerGb} a GB, $${prices.cloudFrontPer10kHttps} per 10,000 HTTPS requests (free: ${fmt(prices.cloudFrontFreeGb)} GB, ${fmt(prices.cloudFrontFreeRequests)} requests, shared)`;
  const logsPrice = `$${prices.cloudWatchLogsIngestPerGb} a GB ingested, $${prices.cloudWatchLogsStoragePerGb} a GB-month stored`;

  const coldSeconds = (profile.coldShare * bench.coldImportMs) / 1000;
  const callSeconds = profile.warmCallMs / 1000 + coldSeconds;
  const publish = publishAt(bench, players);
  const ranking = publishUnits(bench, players, profile);
  const jobRuns = deployed.jobs.reduce((sum, job) => sum + job.runsPerMonth, 0);
  // An idle scheduled run (nothing to publish or carry over): about a second at its memory.
  const jobGbSeconds = deployed.jobs.reduce((sum, job) => sum + job.runsPerMonth * gb(job.memoryMb), 0);
  // A finished tournament's publish builds each of its rounds' scopes: a round's recompute each.
  const publishGbSeconds =
    (ranking.updates + ranking.finals * profile.roundsPerTournament) *
    (publish.recomputeMs / 1000) *
    gb(deployed.rankingJobMemoryMb);
  const gbSeconds = originCalls * callSeconds * gb(deployed.apiMemoryMb) + jobGbSeconds + publishGbSeconds;
  const requests = originCalls + jobRuns;

  // The gate (ADR 0010): API Gateway asks an authorizer once per identity per cache period: the user
  // gate once per access token, the origin gate once for the one value CloudFront sends.
  const periodMinutes = deployed.gate.ttlSeconds / 60;
  const gateCalls = (active * profile.signedInMinutes) / periodMinutes + month / deployed.gate.ttlSeconds;
  const gateGbSeconds = gateCalls * (profile.gateCallMs / 1000 + coldSeconds) * gb(deployed.gate.memoryMb);

  const cardViews = active * profile.shareCardsPerPlayer * profile.shareCardViews;
  const uploadsRequests = active * profile.uploadImageRequests + cardViews;
  const uploadsGb = kbToGb(
    active * profile.uploadImageRequests * profile.uploadImageKb + cardViews * bench.shareCardKb,
  );
  const edgeRuns =
    apiRequests * deployed.edgeFunctions.api +
    staticRequests * deployed.edgeFunctions.site +
    uploadsRequests * deployed.edgeFunctions.uploads;

  const apiReads = originCalls * profile.readUnitsPerCall;
  const apiWrites = active * profile.writeUnitsPerPlayer;
  // Stored: the players' items, the live snapshots (their TTL is a week) and the kept ones; a write
  // unit is at most a KB stored.
  const liveSnapshotsGb = kbToGb(ranking.units * (7 / 30));
  const keptSnapshotsGb = kbToGb(profile.keptTournaments * ranking.finalUnits);
  const storedGb = kbToGb(players * profile.storedKbPerPlayer) + liveSnapshotsGb + keptSnapshotsGb;
  const cardsGb = kbToGb(active * profile.shareCardsPerPlayer * bench.shareCardKb);
  const logGb = (originCalls * profile.logBytesPerCall) / 1024 ** 3;
  const accessLogGb = (originCalls * deployed.accessLogLineBytes) / 1024 ** 3;
  const cdnLogGb =
    deployed.loggedDistributions > 0
      ? ((viewerRequests + uploadsRequests) * profile.cdnLogBytesPerRequest) / 1024 ** 3
      : 0;
  const traces = Math.min(originCalls, profile.traceReservoirPerMonth + profile.traceRate * originCalls);
  const lineOrXMau = active * profile.lineOrXShare;
  const oidcMau = deployed.oidcProviders > 0 ? lineOrXMau : 0;
  const transferredGb = gb(active * profile.megabytesTransferred);

  // Secrets read at run time: each instance loads its secrets when it starts and every 5 minutes.
  const readers = deployed.secretReaders;
  const instanceStarts = profile.coldShare * (originCalls + gateCalls);
  const loads = 1 + profile.instanceMinutes / SECRET_RELOAD_MINUTES;
  const originReads = readers.origin > 0 ? instanceStarts * loads * ORIGIN_SECRET_VERSIONS : 0;
  // The team save functions' share of the starts, taken as their share of the functions.
  const receiptReads =
    instanceStarts * (readers.arrivalReceipt / Math.max(1, readers.origin)) * loads * RECEIPT_KEY_VERSIONS;
  // At most one new instance of the code exchange a sign-in with LINE or X, which reads that
  // provider's secret.
  const socialReads =
    readers.socialSignIn > 0 ? lineOrXMau * profile.signInsPerPlayer * SOCIAL_SIGN_IN_READS : 0;
  // Each sender run of each reminder time: the token when it starts and once more in its 5 minutes.
  const deadlines = profile.tournamentsPerMonth * profile.roundsPerTournament;
  const tokenReads = readers.lineToken > 0 ? deadlines * REMINDER_TIMES * deployed.reminderSenders * 2 : 0;
  const secretCalls = originReads + receiptReads + socialReads + tokenReads;
  const secrets = deployed.secrets + deployed.secretsRead;

  return [
    {
      item: 'Lambda (API calls, jobs, publishes)',
      quantity: `${fmt(requests)} invocations, ${fmt(gbSeconds)} GB-s`,
      usd: lambdaUsd(requests, gbSeconds),
      unitPrice: lambdaPrice,
      quantityFrom: `${profileSource} (calls, warmCallMs, coldShare, publishes); bench/results/load.json (edge hits), bundles.json (cold import), ranking-publish.json (recompute); templates (memory, schedules)`,
      priceFrom: from('lambdaGbSecond'),
    },
    {
      item: 'Lambda, the API gate (authorizer cache misses)',
      quantity: `${fmt(gateCalls)} invocations, ${fmt(gateGbSeconds)} GB-s`,
      usd: lambdaUsd(gateCalls, gateGbSeconds),
      unitPrice: lambdaPrice,
      quantityFrom: `${profileSource} (signedInMinutes, gateCallMs); templates (${deployed.gate.authorizers} authorizers, answers cached ${deployed.gate.ttlSeconds} s, ${deployed.gate.memoryMb} MB); docs/adr/0010-api-gate.md`,
      priceFrom: from('lambdaGbSecond'),
    },
    {
      item: 'API Gateway HTTP API',
      quantity: `${fmt(originCalls)} calls`,
      usd: (originCalls / 1e6) * prices.httpApiPerMillion,
      unitPrice: `$${prices.httpApiPerMillion} a million calls`,
      quantityFrom: `${profileSource} (calls); bench/results/load.json (edge hits)`,
      priceFrom: from('httpApiPerMillion'),
    },
    {
      item: 'CloudFront, the site and /api/*',
      quantity: `${fmt(viewerRequests)} requests, ${fmt(transferredGb)} GB`,
      usd: cloudFrontUsd(viewerRequests, transferredGb),
      unitPrice: cloudFrontPrice,
      quantityFrom: `${profileSource} (calls, staticRequests, megabytesTransferred)`,
      priceFrom: from('cloudFrontPerGb'),
    },
    {
      item: 'CloudFront, the uploads CDN',
      quantity: `${fmt(uploadsRequests)} requests, ${fmt(uploadsGb)} GB`,
      usd: cloudFrontUsd(uploadsRequests, uploadsGb),
      unitPrice: cloudFrontPrice,
      quantityFrom: `${profileSource} (uploadImageRequests, uploadImageKb, shareCardViews); bench/results/share.json (card size)`,
      priceFrom: from('cloudFrontPerGb'),
    },
    {
      item: 'CloudFront Functions',
      quantity: `${fmt(edgeRuns)} invocations`,
      usd: (positive(edgeRuns - prices.cloudFrontFunctionsFree) / 1e6) * prices.cloudFrontFunctionsPerMillion,
      unitPrice: `$${prices.cloudFrontFunctionsPerMillion} a million invocations (free: ${fmt(prices.cloudFrontFunctionsFree)})`,
      quantityFrom: `${profileSource} (calls, staticRequests, uploads); templates (viewer functions a request: site ${deployed.edgeFunctions.site}, /api/* ${deployed.edgeFunctions.api}, uploads CDN ${deployed.edgeFunctions.uploads})`,
      priceFrom: from('cloudFrontFunctionsPerMillion'),
    },
    {
      item: 'WAF',
      quantity: `1 web ACL, ${deployed.wafRules} rules, ${fmt(viewerRequests)} requests`,
      usd:
        prices.wafPerAcl +
        deployed.wafRules * prices.wafPerRule +
        (viewerRequests / 1e6) * prices.wafPerMillionRequests,
      unitPrice: `$${prices.wafPerAcl} a web ACL, $${prices.wafPerRule} a rule, $${prices.wafPerMillionRequests} a million requests`,
      quantityFrom: `templates (the site's web ACL; the uploads CDN has none); ${profileSource} (requests)`,
      priceFrom: from('wafPerAcl'),
    },
    {
      item: 'DynamoDB, API reads and writes',
      quantity: `${fmt(apiReads)} read units, ${fmt(apiWrites)} write units`,
      usd:
        (apiReads / 1e6) * prices.dynamoPerMillionReads + (apiWrites / 1e6) * prices.dynamoPerMillionWrites,
      unitPrice: `$${prices.dynamoPerMillionReads} a million read units, $${prices.dynamoPerMillionWrites} a million write units`,
      quantityFrom: `${profileSource} (readUnitsPerCall, writeUnitsPerPlayer); bench/results/load.json (edge hits)`,
      priceFrom: from('dynamoPerMillionWrites'),
    },
    {
      item: 'DynamoDB, ranking publishes',
      quantity: `${fmt(ranking.units)} write units (${fmt(ranking.updates)} publishes of ${fmt(publish.unitsPerUpdate)}, ${ranking.finals} of a finished tournament of ${fmt(ranking.finalUnits)})`,
      usd: (ranking.units / 1e6) * prices.dynamoPerMillionWrites,
      unitPrice: `$${prices.dynamoPerMillionWrites} a million write units`,
      quantityFrom: `bench/results/ranking-publish.json (units_per_update, scope_units, yearly_units: the job's layout); ${profileSource} (publishesPerMonth, tournaments, rounds)`,
      priceFrom: from('dynamoPerMillionWrites'),
    },
    {
      item: 'DynamoDB storage and point-in-time recovery',
      quantity: `${storedGb.toFixed(1)} GB (${liveSnapshotsGb.toFixed(1)} GB live and ${keptSnapshotsGb.toFixed(1)} GB kept snapshots)`,
      usd: storedGb * (prices.dynamoStoragePerGb + prices.dynamoPitrPerGb),
      unitPrice: `$${prices.dynamoStoragePerGb} + $${prices.dynamoPitrPerGb} a GB-month`,
      quantityFrom: `${profileSource} (storedKbPerPlayer, keptTournaments); bench/results/ranking-publish.json (snapshot units, at most a KB each)`,
      priceFrom: from('dynamoStoragePerGb'),
    },
    {
      item: `Cognito (${deployed.cognitoPlan.toLowerCase()})`,
      quantity:
        oidcMau > 0
          ? `${fmt(active)} MAU, ${fmt(oidcMau)} of them by OIDC`
          : `${fmt(active)} MAU, ${fmt(lineOrXMau)} of them LINE or X players (the pool's own users)`,
      usd: cognitoCost(deployed.cognitoPlan, active, oidcMau),
      unitPrice: `the plan's bands per MAU; $${prices.cognitoOidcPerMau} an OIDC MAU past ${prices.cognitoOidcFreeMau}`,
      quantityFrom: `${profileSource} (activeShare, lineOrXShare); templates (the plan)`,
      priceFrom: from('cognitoOidcPerMau'),
    },
    {
      item: 'SES',
      quantity: `${fmt(active * profile.mailsPerPlayer)} mails`,
      usd: ((active * profile.mailsPerPlayer) / 1000) * prices.sesPer1000,
      unitPrice: `$${prices.sesPer1000} a thousand mails`,
      quantityFrom: `${profileSource} (mailsPerPlayer)`,
      priceFrom: from('sesPer1000'),
    },
    {
      item: 'CloudWatch (alarms, dashboard, metrics, function logs)',
      quantity: `${deployed.alarmMetrics} alarm metrics, ${fmt(logGb)} GB of logs kept ${deployed.logRetentionDays} days`,
      usd:
        deployed.alarmMetrics * prices.cloudWatchPerAlarm +
        positive(deployed.dashboards - prices.cloudWatchFreeDashboards) * prices.cloudWatchPerDashboard +
        7 * prices.cloudWatchPerCustomMetric +
        logGb * prices.cloudWatchLogsIngestPerGb +
        logGb * (deployed.logRetentionDays / 30) * prices.cloudWatchLogsStoragePerGb,
      unitPrice: `$${prices.cloudWatchPerAlarm} an alarm metric, $${prices.cloudWatchPerCustomMetric} a custom metric (7); ${logsPrice}`,
      quantityFrom: `templates (alarms, dashboards, retention); ${profileSource} (logBytesPerCall)`,
      priceFrom: from('cloudWatchPerAlarm'),
    },
    {
      item: 'CloudWatch Logs, API access logs',
      quantity: `${fmt(originCalls)} lines of ${deployed.accessLogLineBytes} bytes: ${accessLogGb.toFixed(1)} GB kept ${deployed.logRetentionDays} days`,
      usd:
        accessLogGb * prices.cloudWatchLogsIngestPerGb +
        accessLogGb * (deployed.logRetentionDays / 30) * prices.cloudWatchLogsStoragePerGb,
      unitPrice: logsPrice,
      quantityFrom: `templates (the stages' access log format, sized with sample values; retention); ${profileSource} (calls)`,
      priceFrom: from('cloudWatchLogsIngestPerGb'),
    },
    {
      item: 'S3, CloudFront standard logs',
      quantity: `${deployed.loggedDistributions} distributions, ${fmt(viewerRequests + uploadsRequests)} lines: ${cdnLogGb.toFixed(1)} GB a month kept ${CDN_LOG_DAYS} days; WAF logs: ${deployed.wafLogging ? 'written' : 'none configured'}`,
      usd: cdnLogGb * (CDN_LOG_DAYS / 30) * prices.s3StandardPerGb,
      unitPrice: `$${prices.s3StandardPerGb} a GB-month`,
      quantityFrom: `templates (distributions that log to S3, no WAF logging configuration); ${profileSource} (cdnLogBytesPerRequest)`,
      priceFrom: from('s3StandardPerGb'),
    },
    {
      item: 'X-Ray',
      quantity: `${fmt(traces)} traces`,
      usd: (positive(traces - prices.xrayFreeTraces) / 1e6) * prices.xrayPerMillionTraces,
      unitPrice: `$${prices.xrayPerMillionTraces} a million traces (free: ${fmt(prices.xrayFreeTraces)})`,
      quantityFrom: `${profileSource} (Lambda's default sampling)`,
      priceFrom: from('xrayPerMillionTraces'),
    },
    {
      item: 'Secrets Manager, secrets',
      quantity: `${secrets} secrets (${deployed.secrets} the stacks create, replicas counted; ${deployed.secretsRead} the operator creates)`,
      usd: secrets * prices.secretPerMonth,
      unitPrice: `$${prices.secretPerMonth} a secret-month`,
      quantityFrom: 'templates; operatorSecrets (infra/lib/config.ts)',
      priceFrom: from('secretPerMonth'),
    },
    {
      item: 'Secrets Manager, API calls',
      quantity: `${fmt(secretCalls)} calls (origin secret ${fmt(originReads)}, arrival receipt key ${fmt(receiptReads)}, LINE and X sign-in ${fmt(socialReads)}, LINE token ${fmt(tokenReads)})`,
      usd: (secretCalls / 1e4) * prices.secretsPer10kCalls,
      unitPrice: `$${prices.secretsPer10kCalls} per 10,000 calls`,
      quantityFrom: `templates (the functions reading each secret, senders); ${profileSource} (coldShare, instanceMinutes, sign-ins)`,
      priceFrom: from('secretsPer10kCalls'),
    },
    {
      item: 'S3 (share cards added this month)',
      quantity: `${cardsGb.toFixed(1)} GB`,
      usd: cardsGb * prices.s3StandardPerGb,
      unitPrice: `$${prices.s3StandardPerGb} a GB-month`,
      quantityFrom: `${profileSource} (shareCardsPerPlayer); bench/results/share.json (card size)`,
      priceFrom: from('s3StandardPerGb'),
    },
  ];
}

export const total = (lines: readonly BillLine[]) => lines.reduce((sum, line) => sum + line.usd, 0);

/**
 * The LINE reminders' month (ADR 0025: one message per deadline to each LINE subscriber still
 * without a team), on the cheapest plan that sends them all. Billed by LINE, not AWS.
 */
export function lineReminderBill(
  players: number,
  profile: UsageProfile = usageProfile,
  /** Messages a subscriber without a team gets a deadline (before ADR 0025: one per time chosen). */
  perDeadline = 1,
) {
  const deadlines = profile.tournamentsPerMonth * profile.roundsPerTournament;
  const messages = Math.round(
    players * profile.activeShare * profile.lineReminderShare * profile.noTeamShare * deadlines * perDeadline,
  );
  const plan =
    linePlans.find((p) => p.yenPerExtra === null && messages <= p.freeMessages) ?? linePlans.at(-1)!;
  const extra = positive(messages - plan.freeMessages);
  const yen = plan.yenPerMonth + extra * (plan.yenPerExtra ?? 0);
  return { messages, plan: plan.name, extra, yen, usd: yen / yenPerUsd };
}
