/**
 * What the deadline minute needs from every service on the path, derived from one target: the team
 * saves a second at the peak of a round's last minute (`deadline` in `infra/lib/config.ts`). Pure
 * arithmetic: the stacks build the throttles, the WAF's rate rules and the table's warm throughput
 * from it, docs/operations.md ("Before a tournament day") lists the quotas it asks for, and its test
 * checks each sum by hand. Every assumption is a named constant with its reason.
 */
import { SAVE_SHARDS } from '../../functions/src/db/keys';
import type { RouteDefinition } from '../../shared/src/contracts';

/** A stage's deadline-minute target. */
export interface DeadlineTarget {
  /** Team saves a second at the peak of a round's last minute (all save routes together). */
  savesPerSecond: number;
  /** Registered players: each may get a save receipt on a tournament day. */
  players: number;
  /** Players subscribed to the deadline reminders. */
  reminderSubscribers: number;
  /**
   * The table's throughput quota once AWS has raised it (units a second, each of reads and writes);
   * unset: the default of a new account. Warm throughput never asks for more than the quota (AWS
   * refuses it, and the deploy would roll back), so a first deploy works before any quota is raised.
   */
  tableQuotaUnitsPerSecond?: number;
}

// --- The requests of the minute -------------------------------------------------------------------

/**
 * API calls that reach the functions for each save, besides the save itself: the round page (my team,
 * its score and the deadline: `getRoundView`, a signed-in read the edge never keeps) opened before
 * saving and fetched again after every save (the SPA's `refreshGame`). The field, the live board and
 * the AI previews are public answers the edge keeps, so they reach the WAF but not the API.
 */
const ORIGIN_READS_PER_SAVE = 2;

/**
 * A throttle starts refusing above the target, not at it: API Gateway applies its limits on a
 * best-effort basis (its documentation calls them targets, not ceilings).
 */
const THROTTLE_HEADROOM = 1.2;

/** The burst bucket holds two seconds of the rate: the last seconds before a deadline come as one wave. */
const BURST_SECONDS = 2;

/** API Gateway's default throttle for all APIs of an account in a region (raisable). */
const API_GATEWAY_ACCOUNT_DEFAULT = { rateLimit: 10_000, burstLimit: 5_000 } as const;

// --- Lambda ---------------------------------------------------------------------------------------

/**
 * p99 durations in Lambda, seconds. A save runs four DynamoDB calls one after another (the session
 * check, the stored team, the save's transaction, the receipt); `npx tsx scripts/bench/profile-call.ts
 * --save` measures a sequential save at about 30 ms on the local stack, 12-13 ms of it waiting for
 * DynamoDB Local, so about 17 ms of the function's own work. DynamoDB's documented latency is single
 * digit milliseconds; allowing 40 ms at the p99 for each call gives 17 + 4 x 40 ≈ 180 ms, rounded
 * to 0.2 s. The round page makes three calls: 0.15 s. (The load bench's p99 of 1.6 s is 64 savers
 * queueing on 2 shared cores, not a function's duration.) Replace both with CloudWatch's `Duration`
 * p99 of the save and round-page functions after a tournament day.
 */
const SAVE_P99_SECONDS = 0.2;
const READ_P99_SECONDS = 0.15;

/**
 * Calls of the user gate (the Lambda authorizer of every signed-in route), at most one per save: API
 * Gateway keeps its answer 5 minutes per token, so only a player's first call in those minutes runs
 * it. No benchmark times the gate alone; it reads no table, so the round page's p99 bounds it.
 */
const GATE_CALLS_PER_SAVE = 1;
const GATE_P99_SECONDS = READ_P99_SECONDS;

/** Lambda's default concurrent executions for an account in a region (new accounts start lower). */
const LAMBDA_ACCOUNT_DEFAULT_CONCURRENCY = 1_000;

/** How fast one function scales: 1,000 more execution environments every 10 seconds (Lambda's documentation). */
const LAMBDA_SCALE_PER_10_SECONDS = 1_000;

// --- DynamoDB -------------------------------------------------------------------------------------

/**
 * Write units of one save's transaction (docs: the deadline-minute key design): the team item on its
 * shard and the condition check on the round's gate shard, each under 1 KB in a transaction, 2 WCU.
 */
const WRITE_UNITS_PER_SAVE = 4;

/** The save receipt waiting to be mailed: one standard put under 1 KB, at most one per save. */
const RECEIPT_WRITE_UNITS_PER_SAVE = 1;

/**
 * The game's post in the player's guild chat: a transaction of a condition check and two puts under
 * 1 KB (6 WCU), written only for a member's first two complete teams of a round. In the last minute
 * most saves change a team already entered: one save in four is assumed to post.
 */
const GUILD_POST_WRITE_UNITS = 6;
const GUILD_POST_SHARE = 0.25;

/**
 * Read units of a signed-in call's session check: one BatchGetItem of up to 4 strongly consistent
 * items under 4 KB (the revoked token, the withdrawal, the sessions' cut-off, the profile), 1 RCU each
 * whether or not the item exists.
 */
const SESSION_READ_UNITS = 4;

/**
 * Read units of a save besides its session check: the stored team (strongly consistent, 1), the
 * receipt setting (eventually consistent, 0.5), the guild membership and the guild posts already
 * written (strongly consistent, 1 each). The tournament and its field come from the instance's
 * 10-second cache (`ROUND_READ_CACHE_MS`) and are not counted per save.
 */
const SAVE_READ_UNITS = SESSION_READ_UNITS + 1 + 0.5 + 1 + 1;

/** Read units of a round page: its session check, the player's team and the round's sums (1 each). */
const ROUND_PAGE_READ_UNITS = SESSION_READ_UNITS + 2;

/** What a new on-demand table serves at once, before any warm throughput is set (DynamoDB's documentation). */
export const ON_DEMAND_WARM_DEFAULT = { readUnitsPerSecond: 12_000, writeUnitsPerSecond: 4_000 } as const;

/** DynamoDB's default table-level quota for an on-demand table, each of reads and writes (raisable). */
const TABLE_QUOTA_UNITS_PER_SECOND = 40_000;

// --- The key design's ceiling ---------------------------------------------------------------------

/** DynamoDB's write units a second on one partition key. */
const PARTITION_WRITE_UNITS = 1_000;

/** Write units a save puts on the key it lands on, the team shard's and the gate shard's alike (2 WCU). */
const HOTTEST_KEY_UNITS_PER_SAVE = 2;

/**
 * The modelled throttle-free ceiling of one round, saves a second: a key's limit over the units a
 * save puts on each key on average (1,000 / (2 / 64) = 32,000).
 */
export const keyDesignCeiling = (shards: number = SAVE_SHARDS): number =>
  PARTITION_WRITE_UNITS / (HOTTEST_KEY_UNITS_PER_SAVE / shards);

// --- WAF ------------------------------------------------------------------------------------------

/** The rate rules' window, seconds: the evaluation window the WAF counts over. */
const WAF_WINDOW_SECONDS = 300;

/**
 * A player's saves in one window at the most: one every 3 seconds for 5 minutes, faster than anyone
 * picks players. With their round pages, what one player's session may send (the per-session limit).
 */
const SAVES_PER_PLAYER_WINDOW = 100;

/**
 * One address may take at most this share of the deadline minute's API calls (the per-address
 * ceiling), and never less than what this many players at the per-session limit send: many phones
 * share a carrier's NAT address, and an office or a school shares one too.
 */
const ADDRESS_SHARE_OF_PEAK = 0.01;
const PLAYERS_PER_ADDRESS_AT_LEAST = 10;

// --- SES ------------------------------------------------------------------------------------------

/**
 * Of the subscribers, those a reminder is due for at one reminder time: 208,333 of 1,000,000 in the
 * reminders benchmark's choice (docs/performance.md "Deadline reminders").
 */
const REMINDER_SHARE = 0.21;

/** A reminder time's mails go out within 10 minutes. */
const REMINDER_WINDOW_SECONDS = 600;

/** Mails of a subscriber on a tournament day at the most: the default reminder times, 24 and 2 hours before. */
const REMINDER_TIMES_PER_DAY = 2;

// --- The derivation -------------------------------------------------------------------------------

export interface Throttle {
  rateLimit: number;
  burstLimit: number;
}

export interface DeadlineCapacity {
  /** API calls a second that reach the functions at the peak: saves, and their round pages. */
  originRequestsPerSecond: number;
  /**
   * API Gateway: `defaultRoute` is each route's own limit (the stage's default route settings: an
   * HTTP API applies them per route, not to the stage as a whole), sized for the busiest read, the
   * round page; `saveRoute` each team-save route's own; `account` the account's throttle all routes
   * share, which must hold them all (`accountDefault` until it is raised).
   */
  apiGateway: { defaultRoute: Throttle; saveRoute: Throttle; account: Throttle; accountDefault: Throttle };
  /** Lambda's concurrent executions at the peak: calls a second x p99 duration, summed over saves, reads and the gate. */
  lambda: { concurrentExecutions: number; accountDefault: number; secondsToScaleSaves: number };
  /** DynamoDB units a second at the peak; `warmThroughput` only where they pass a new table's defaults. */
  dynamodb: {
    writeUnitsPerSecond: number;
    readUnitsPerSecond: number;
    warmThroughput: { readUnitsPerSecond: number; writeUnitsPerSecond: number } | undefined;
    /** The table's throughput quota the stage is configured with (AWS's default unless raised). */
    tableQuota: number;
    /** The quota to ask AWS for (units a second), so that warm throughput covers the whole minute. */
    quotaToRequest: number;
  };
  /** WAF rate rules, requests per window. */
  waf: { windowSeconds: number; perSessionLimit: number; perAddressLimit: number };
  /** SES: the sending rate a reminder time needs, and the day's mails. */
  ses: { mailsPerSecond: number; mailsPerDay: number };
  /** The key design's throttle-free ceiling of a round, saves a second. */
  keyCeilingSavesPerSecond: number;
}

const throttle = (requestsPerSecond: number): Throttle => {
  const rateLimit = Math.ceil(requestsPerSecond * THROTTLE_HEADROOM);
  return { rateLimit, burstLimit: rateLimit * BURST_SECONDS };
};

const warmUnits = (need: number, newTable: number, quota: number) =>
  Math.min(Math.max(need, newTable), Math.max(quota, newTable));

/** Everything the deadline minute of `target` needs, from the constants above. */
export function deadlineCapacity(target: DeadlineTarget): DeadlineCapacity {
  const saves = target.savesPerSecond;
  const tableQuota = target.tableQuotaUnitsPerSecond ?? TABLE_QUOTA_UNITS_PER_SECOND;
  const reads = saves * ORIGIN_READS_PER_SAVE;
  const originRequestsPerSecond = saves + reads;

  const saveConcurrency = saves * SAVE_P99_SECONDS;
  const concurrentExecutions = Math.ceil(
    saveConcurrency + reads * READ_P99_SECONDS + saves * GATE_CALLS_PER_SAVE * GATE_P99_SECONDS,
  );

  const writeUnitsPerSecond = Math.ceil(
    saves * (WRITE_UNITS_PER_SAVE + RECEIPT_WRITE_UNITS_PER_SAVE + GUILD_POST_WRITE_UNITS * GUILD_POST_SHARE),
  );
  const readUnitsPerSecond = Math.ceil(saves * SAVE_READ_UNITS + reads * ROUND_PAGE_READ_UNITS);
  const needsWarming =
    writeUnitsPerSecond > ON_DEMAND_WARM_DEFAULT.writeUnitsPerSecond ||
    readUnitsPerSecond > ON_DEMAND_WARM_DEFAULT.readUnitsPerSecond;

  const perSessionLimit = (1 + ORIGIN_READS_PER_SAVE) * SAVES_PER_PLAYER_WINDOW;
  const perAddressLimit = Math.max(
    Math.ceil(originRequestsPerSecond * ADDRESS_SHARE_OF_PEAK * WAF_WINDOW_SECONDS),
    perSessionLimit * PLAYERS_PER_ADDRESS_AT_LEAST,
  );

  return {
    originRequestsPerSecond,
    apiGateway: {
      defaultRoute: throttle(reads),
      saveRoute: throttle(saves),
      account: throttle(originRequestsPerSecond),
      accountDefault: API_GATEWAY_ACCOUNT_DEFAULT,
    },
    lambda: {
      concurrentExecutions,
      accountDefault: LAMBDA_ACCOUNT_DEFAULT_CONCURRENCY,
      secondsToScaleSaves: Math.ceil(saveConcurrency / LAMBDA_SCALE_PER_10_SECONDS) * 10,
    },
    dynamodb: {
      writeUnitsPerSecond,
      readUnitsPerSecond,
      // Never below a new table's defaults (warm throughput is only ever raised), never above the quota.
      warmThroughput: needsWarming
        ? {
            readUnitsPerSecond: warmUnits(
              readUnitsPerSecond,
              ON_DEMAND_WARM_DEFAULT.readUnitsPerSecond,
              tableQuota,
            ),
            writeUnitsPerSecond: warmUnits(
              writeUnitsPerSecond,
              ON_DEMAND_WARM_DEFAULT.writeUnitsPerSecond,
              tableQuota,
            ),
          }
        : undefined,
      tableQuota,
      quotaToRequest: Math.max(readUnitsPerSecond, writeUnitsPerSecond, tableQuota),
    },
    waf: { windowSeconds: WAF_WINDOW_SECONDS, perSessionLimit, perAddressLimit },
    ses: {
      mailsPerSecond: Math.ceil(
        ((target.reminderSubscribers * REMINDER_SHARE) / REMINDER_WINDOW_SECONDS) * THROTTLE_HEADROOM,
      ),
      mailsPerDay: target.reminderSubscribers * REMINDER_TIMES_PER_DAY + target.players,
    },
    keyCeilingSavesPerSecond: keyDesignCeiling(),
  };
}

/**
 * The team-save routes: a player's routes that write the round's team items. Each gets the save
 * throttle of its own, so a flood of saves cannot take the reads' share of the account's throttle.
 */
export const isTeamSaveRoute = (route: RouteDefinition): boolean =>
  route.access === 'user' && route.aws.table === 'write' && (route.aws.keys.write ?? []).includes('TEAM#');
