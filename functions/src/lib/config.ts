import { availableParallelism } from 'node:os';
import * as z from 'zod';
import type { FunctionVariable, RequiredVariable, VariableGroup } from '@golf/shared/function-environment';
import { socialProviders } from '@golf/shared/schemas/values/social';

/**
 * The one configuration module. Everything physical (table, bucket, issuer) arrives through the
 * environment, so the same handlers run against the local stack, LocalStack or AWS.
 * Endpoints: the AWS SDK itself honours AWS_ENDPOINT_URL and AWS_ENDPOINT_URL_<SERVICE>.
 *
 * `STAGE=local` (the local stack, the tests and the scripts) fills what is missing with the local
 * stack's addresses; any other stage must be given every variable, and a missing one stops the
 * function at start-up, naming it, instead of a request reaching localhost.
 */
/** The ranking job run in the local stack's own process instead of a Lambda function. */
export const LOCAL_RANKING_JOB = 'in-process';

const localDefaults = {
  TABLE_NAME: 'golf-local',
  UPLOADS_BUCKET: 'golf-uploads',
  AUTH_ISSUER: 'http://127.0.0.1:3000/api/dev/auth',
  AUTH_JWKS_URL: 'http://127.0.0.1:3000/api/dev/auth/.well-known/jwks.json',
  AUTH_AUDIENCE: 'golf-web',
  AUTH_OAUTH_URL: 'http://127.0.0.1:3000/api/dev/auth',
  SOCIAL_PROVIDERS: socialProviders.join(','),
  MAIL_FROM: 'no-reply@golf-dream.example',
  SITE_URL: 'http://127.0.0.1:3000',
  LINE_TRANSPORT: 'outbox',
  RANKING_JOB_FUNCTION: LOCAL_RANKING_JOB,
} as const satisfies Partial<Record<FunctionVariable<'table' | 'app'>, string>>;

/** Packing workers where none are configured: the machine's cores less the job's own thread (at most 8). */
export const defaultPackingWorkers = () => Math.min(8, Math.max(0, availableParallelism() - 1));

const required = z.string().min(1);

/**
 * A schema's fields for the groups `G` of shared/src/function-environment.ts: every name of the
 * groups and no other, a required one without a default (`required`).
 */
export type SchemaShape<G extends VariableGroup, Without extends string = never> = {
  [K in Exclude<FunctionVariable<G>, Without>]: K extends RequiredVariable<G> ? z.ZodString : z.ZodType;
};

/** The logger's level: every function reads it, the ones without a table too. */
const logSchema = z.object({
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
} satisfies SchemaShape<'log'>);

/**
 * What every function that reaches the table reads: the table, its client's connections and the
 * log level. The user pool's triggers (auth stack) have only these.
 */
const baseSchema = logSchema.extend({
  TABLE_NAME: required,
  /**
   * Keep-alive connections the DynamoDB client opens at most (the SDK's 50 by default: a Lambda
   * instance serves one request at a time). The local stack's API processes serve many at once.
   */
  DYNAMODB_MAX_SOCKETS: z.coerce.number().int().positive().default(50),
} satisfies SchemaShape<'table'>);

const configSchema = baseSchema.extend({
  STAGE: required,
  UPLOADS_BUCKET: required,
  /** Public base URL the browser uses for uploaded objects (CDN in AWS, s3rver locally). */
  UPLOADS_PUBLIC_URL: z.string().default(''),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  AUTH_ISSUER: required,
  AUTH_JWKS_URL: required,
  AUTH_AUDIENCE: required,
  /** Base of the hosted OAuth endpoints (/oauth2/authorize, /oauth2/token): Cognito's domain, or the local stand-in. */
  AUTH_OAUTH_URL: required,
  /**
   * The social sign-in providers the deployment enables (`google,twitter,line,apple`, any of them;
   * empty: none). A provider off this list is refused before the hosted sign-in is asked.
   */
  SOCIAL_PROVIDERS: z
    .string()
    .default('')
    .transform((value) => socialProviders.filter((provider) => value.split(',').includes(provider))),
  /**
   * The user pool that keeps e-mail logins and issues their tokens (AWS). Empty locally, where the
   * in-repo adapter keeps scrypt hashes in the table and the local issuer signs (identity-port.ts).
   */
  COGNITO_USER_POOL_ID: z.string().default(''),
  MAIL_TRANSPORT: z.enum(['outbox', 'ses']).default('outbox'),
  /**
   * LINE messages: the Messaging API's push where a channel is configured, the local LINE outbox in
   * the local stack, none otherwise (LINE reminders are then not offered).
   */
  LINE_TRANSPORT: z.enum(['none', 'outbox', 'messaging-api']).default('none'),
  /** The Messaging API channel's access token given as it is (empty with the outbox, or with the secret below). */
  LINE_CHANNEL_ACCESS_TOKEN: z.string().default(''),
  /**
   * The Secrets Manager secret (JSON `channelAccessToken`) the token is read from in AWS: given to
   * the reminder sender only, the one function that sends LINE messages (infra/lib/stacks/jobs-stack.ts).
   */
  LINE_CHANNEL_SECRET_ID: z.string().default(''),
  MAIL_FROM: required,
  /** The SES configuration set that suppresses bounced and complaining addresses (AWS). */
  MAIL_CONFIGURATION_SET: z.string().default(''),
  SITE_URL: required,
  /** The ranking job's function, invoked asynchronously when operators change results. */
  RANKING_JOB_FUNCTION: required,
  /**
   * The Secrets Manager secret whose value CloudFront sends as `x-origin-verify`; when set, the
   * API answers only requests that carry it (empty locally, where no CDN is in front).
   */
  ORIGIN_SECRET_ID: z.string().default(''),
  /**
   * How long an instance reuses a tournament, its field and its players' profiles for the round
   * pages and team saves (milliseconds; 0 reads them on every call, as the test suites do).
   */
  ROUND_READ_CACHE_MS: z.coerce.number().int().min(0).default(10_000),
  /**
   * Worker threads the ranking job packs a large scope's pages with (0: in its own thread). The
   * jobs stack sets it from the function's memory (its vCPUs); the machine's cores less one elsewhere.
   */
  RANKING_PACKING_WORKERS: z.coerce.number().int().min(0).max(8).default(defaultPackingWorkers()),
  /**
   * The SES sending rate the reminders may use (mails a second, the account's quota or a share of
   * it): the senders share it, each at rate / REMINDER_SENDERS, and the job starts each reminder
   * time early enough to finish at it (docs/operations.md, Reminders).
   */
  REMINDER_MAILS_PER_SECOND: z.coerce.number().positive().default(100),
  /** Reminder senders running at once (the jobs stack sets it from the rate). */
  REMINDER_SENDERS: z.coerce.number().int().min(1).max(32).default(4),
  /**
   * The reminder senders' function, invoked asynchronously per sender (the reminders job's only).
   * Empty: the senders run in this process where the local stack handed their entry over, and
   * elsewhere (an operator's run in AWS or LocalStack) the batches wait in the queue for the job's
   * next run to start them.
   */
  REMINDER_SENDER_FUNCTION: z.string().default(''),
} satisfies SchemaShape<'app'>);

export type Config = z.infer<typeof configSchema>;

/** Reads a configuration from an environment; throws one error naming every missing or wrong variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  // A function that only offers LINE (the reminder settings) has the transport without the token:
  // the sender checks the token when it sends (adapters/line.ts).
  return parseWith(configSchema, env).data;
}

function parseWith<S extends z.ZodType>(schema: S, env: Record<string, string | undefined>) {
  const stage = env['STAGE'];
  const source = stage === 'local' ? { ...localDefaults, ...withoutEmpty(env) } : env;
  const result = schema.safeParse(source);
  if (!result.success) {
    const names = result.error.issues.map((issue) => issue.path.join('.'));
    throw new Error(
      `Configuration of stage ${stage ?? '(STAGE unset)'}: set ${[...new Set(names)].join(', ')}` +
        (stage === undefined ? ' (STAGE=local gives the local stack its defaults)' : ''),
    );
  }
  return result;
}

const withoutEmpty = (env: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));

let cached: Config | undefined;
let cachedBase: BaseConfig | undefined;
let cachedLogLevel: LogLevel | undefined;

export function config(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}

export type BaseConfig = z.infer<typeof baseSchema>;

/** The table and log settings alone (baseSchema): all that the auth stack's functions are given. */
export function baseConfig(): BaseConfig {
  cachedBase ??= cached ?? parseWith(baseSchema, process.env).data;
  return cachedBase;
}

type LogLevel = z.infer<typeof logSchema>['LOG_LEVEL'];

/** The log level alone (logSchema), which a function without a table reads too. */
export function logLevel(): LogLevel {
  cachedLogLevel ??= (cachedBase ?? cached ?? parseWith(logSchema, process.env).data).LOG_LEVEL;
  return cachedLogLevel;
}

/** A variable of the list read as it is, for the functions whose one setting needs no schema. */
export const environmentVariable = (
  name: FunctionVariable<'gate' | 'originRotation' | 'arrivalReceipts' | 'localOnly'>,
) => process.env[name];

/** Tests and the local stack change the environment after import; they call this to re-read it. */
export function resetConfig(): void {
  cached = undefined;
  cachedBase = undefined;
  cachedLogLevel = undefined;
}
