/**
 * What a route table row (or a job) may do in AWS. The CDK grants exactly this; the local stack
 * refuses any other call. Apart from the table (shared/src/contracts.ts), so that a Lambda that
 * enforces or reads the declaration does not bundle every row.
 */

/** The table's item actions each level allows (never Scan, never a table-level action). */
export const tableActions = {
  none: [],
  read: ['GetItem', 'BatchGetItem', 'Query'],
  write: [
    'GetItem',
    'BatchGetItem',
    'Query',
    'PutItem',
    'UpdateItem',
    'DeleteItem',
    'BatchWriteItem',
    'ConditionCheckItem',
  ],
} as const;
type TableAccess = keyof typeof tableActions;
/** Object actions on the uploads bucket's `uploads/` prefix (a presigned POST needs PutObject). */
type UploadAction = 'PutObject' | 'GetObject' | 'DeleteObject';
/** The private prefix of the uploads bucket where the ranking job keeps its inputs; the CDN never serves it. */
export const RANKING_INPUTS_PREFIX = 'ranking-inputs/';
/** Object actions on that prefix (the frozen teams of each round, read once and reused). */
type RankingInputAction = 'PutObject' | 'GetObject';
/** The user pool's actions the API calls; AdminAddUserToGroup only ever on operator routes. */
type UserPoolAction =
  | 'AdminInitiateAuth'
  | 'AdminRespondToAuthChallenge'
  | 'AdminCreateUser'
  | 'AdminSetUserPassword'
  | 'AdminUpdateUserAttributes'
  | 'AdminDeleteUser'
  | 'AdminGetUser'
  | 'AdminAddUserToGroup'
  | 'AdminGetUser'
  | 'AdminSetUserMFAPreference'
  | 'AssociateSoftwareToken'
  | 'VerifySoftwareToken'
  | 'ListUsers';

/**
 * The partition keys of the table's items, by prefix (functions/src/db/keys.ts builds every key, and
 * its test holds each key to exactly one of these). A prefix ending in `#` stands for every partition
 * it starts; one without names a single partition.
 */
export const itemPartitions = [
  'AUDIT#',
  'CAMPAIGN#',
  'CONTACT',
  'DRAWSEED#',
  'GAMEPOSTS#',
  'GUILD#',
  'GUILD_CHAT#',
  'HISTORY#',
  'JOBLEASE',
  'LINE_OUTBOX',
  'LOGIN#',
  'MAILTOKEN#',
  'MIGRATION',
  'OUTBOX',
  'PLAYER#',
  'PRIZE#',
  'QUIZ#',
  'QUIZSCORE#',
  'RANK#',
  'RANKIDX#',
  'RANKLEASE',
  'RANKPTR#',
  'RANKSTALE',
  'RANKVAL#',
  'RATE#',
  'RECEIPTS_DUE',
  'RECEIPTS_DUE#',
  'REMINDER_JOB',
  'REMINDER_QUEUE',
  'REMINDER_SENT#',
  'REMINDER_UNSUBSCRIBE#',
  'REVOKED#',
  'ROUNDLOCK#',
  'SHARECARD#',
  'SOCIAL#',
  'TEAM#',
  'TEAMSUM#',
  'TOPIC#',
  'TOURNAMENT#',
  'USER#',
] as const;
type ItemPartition = (typeof itemPartitions)[number];

/** The partition keys of the indexes' listings (`GSI1PK`, `GSI2PK`), by prefix as above. */
export const indexPartitions = [
  'GUILDS#PUBLIC',
  'GUILD_CODE#',
  'PRIZES#',
  'REMINDER_SUBSCRIBERS',
  'TOPICS',
  'TOURNAMENTS',
] as const;
type IndexPartition = (typeof indexPartitions)[number];

/**
 * The partitions a route's handler touches: the CDK turns them into `dynamodb:LeadingKeys`
 * conditions, and the local stack refuses a request outside them (docs/adr/0011-leading-keys.md).
 */
export interface LeadingKeys {
  /** Partitions read (Get, BatchGet, Query, a transaction's condition check), besides those written. */
  read?: readonly ItemPartition[];
  /** Partitions written (Put, Update, Delete, BatchWrite); they may be read too. */
  write?: readonly ItemPartition[];
  /** Index listings queried. */
  index?: readonly IndexPartition[];
}

/**
 * The AWS access a function needs, declared once: the CDK grants exactly this, and the local stack
 * refuses any other call with the AccessDenied AWS would answer.
 */
export interface AwsAccess {
  table: TableAccess;
  /** Every route row with table access names its partitions; a job without them has the whole table. */
  keys?: LeadingKeys;
  uploads?: readonly UploadAction[];
  rankingInputs?: readonly RankingInputAction[];
  userPool?: readonly UserPoolAction[];
  /** Sends mail through SES from the configured sender only. */
  mail?: boolean;
  /** Starts the ranking job (an asynchronous invoke of its function) after changing results. */
  startsRankingJob?: boolean;
  /**
   * Reads the arrival receipts' key (Secrets Manager): a team save signs and checks them
   * (functions/src/lib/arrival-receipt.ts).
   */
  arrivalReceipts?: boolean;
  /** Starts the reminder senders (asynchronous invokes of their function) when batches are queued. */
  startsReminderSenders?: boolean;
  /**
   * The routes of the sign-ins the API runs itself with a provider (LINE, X): `authorize` is given
   * the providers' client ids (public: they are in the sign-in URL); `exchange` also reads their
   * client secrets (Secrets Manager), to exchange a code. No other function gets those secrets.
   */
  socialSignIn?: 'authorize' | 'exchange';
}

/**
 * A route row's access: with table access it names the partitions it touches, and a read-only row
 * writes none. The API stack refuses a row without them too (infra/lib/aws-sdk-usage.ts).
 */
export type RouteAwsAccess = AwsAccess &
  (
    | { table: 'none'; keys?: never }
    | { table: 'read'; keys: LeadingKeys & { write?: never } }
    | { table: 'write'; keys: LeadingKeys }
  );

/** IAM's `StringLike`: `*` matches any run of characters, `?` exactly one, the rest is literal. */
export function stringLike(pattern: string, value: string): boolean {
  const source = pattern
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${source}$`, 's').test(value);
}

/** A partition's `dynamodb:LeadingKeys` pattern: a prefix ending in `#` takes any id after it. */
export const leadingKeyPattern = (partition: string): string =>
  partition.endsWith('#') ? `${partition}*` : partition;

/** One allow statement on the table: its actions, where, and the leading keys it is limited to. */
export interface TableGrant {
  actions: readonly string[];
  /** `table`: the table's items; `indexes`: its indexes; `both`: either, unconditioned (jobs). */
  on: 'table' | 'indexes' | 'both';
  /** `ForAllValues:StringLike` on `dynamodb:LeadingKeys`; absent = any key (jobs only). */
  leadingKeys?: readonly string[];
}

const writeOnly = ['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem'];

/**
 * The table statements a declaration grants. The CDK writes each as an IAM statement, and the local
 * stack holds every request to them with `tableRequestAllowed`, so the two cannot disagree.
 */
export function tableGrants(access: AwsAccess): TableGrant[] {
  const actions: readonly string[] = tableActions[access.table];
  if (actions.length === 0) return [];
  if (!access.keys) return [{ actions, on: 'both' }];
  const write = access.keys.write ?? [];
  const readable = [...new Set([...(access.keys.read ?? []), ...write])];
  const grants: TableGrant[] = [];
  if (readable.length > 0) {
    const reads = actions.filter((action) => !writeOnly.includes(action));
    grants.push({ actions: reads, on: 'table', leadingKeys: readable.map(leadingKeyPattern) });
  }
  if (write.length > 0) {
    const writes = actions.filter((action) => writeOnly.includes(action));
    if (writes.length > 0)
      grants.push({ actions: writes, on: 'table', leadingKeys: write.map(leadingKeyPattern) });
  }
  if (access.keys.index?.length) {
    grants.push({ actions: ['Query'], on: 'indexes', leadingKeys: access.keys.index.map(leadingKeyPattern) });
  }
  return grants;
}

/**
 * Whether one request is allowed as IAM decides it: some statement names its action and resource,
 * and every leading key of the request matches one of that statement's patterns (ForAllValues). A
 * request without keys (a Scan) passes ForAllValues in IAM; no statement grants such an action, and
 * here it is refused outright.
 */
export function tableRequestAllowed(
  grants: readonly TableGrant[],
  request: { action: string; on: 'table' | 'indexes'; leadingKeys: readonly string[] },
): boolean {
  return grants.some(
    (grant) =>
      grant.actions.includes(request.action) &&
      (grant.on === 'both' || grant.on === request.on) &&
      (grant.leadingKeys === undefined ||
        (request.leadingKeys.length > 0 &&
          request.leadingKeys.every((key) =>
            grant.leadingKeys!.some((pattern) => stringLike(pattern, key)),
          ))),
  );
}
