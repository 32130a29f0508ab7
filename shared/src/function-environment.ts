/**
 * Every environment variable our functions read, by the functions that read it: the one list both
 * sides take their names from. The functions' schemas are typed by it (functions/src/lib/config.ts,
 * the sign-in providers' settings), the CDK's `environment` objects too (infra/lib: `EnvironmentOf`), so a
 * misspelt or unknown name fails `tsc`; infra/test/stacks.test.ts holds every synthesized function
 * to it. `required` names have no default: a function that reads them must be given them.
 */
const functionVariables = {
  /** Every function: the logger's level (functions/src/lib/logger.ts). */
  log: { required: [], optional: ['LOG_LEVEL'] },
  /** Every function that reaches the table (functions/src/lib/config.ts, baseConfig). */
  table: { required: ['TABLE_NAME'], optional: ['DYNAMODB_MAX_SOCKETS'] },
  /** The API's route functions, its gates and the scheduled jobs (config.ts, config). */
  app: {
    required: [
      'STAGE',
      'UPLOADS_BUCKET',
      'AUTH_ISSUER',
      'AUTH_JWKS_URL',
      'AUTH_AUDIENCE',
      'AUTH_OAUTH_URL',
      'MAIL_FROM',
      'SITE_URL',
      'RANKING_JOB_FUNCTION',
    ],
    optional: [
      'UPLOADS_PUBLIC_URL',
      'S3_FORCE_PATH_STYLE',
      'SOCIAL_PROVIDERS',
      'COGNITO_USER_POOL_ID',
      'MAIL_TRANSPORT',
      'LINE_TRANSPORT',
      'LINE_CHANNEL_ACCESS_TOKEN',
      'LINE_CHANNEL_SECRET_ID',
      'MAIL_CONFIGURATION_SET',
      'ORIGIN_SECRET_ID',
      'ROUND_READ_CACHE_MS',
      'RANKING_PACKING_WORKERS',
      'REMINDER_MAILS_PER_SECOND',
      'REMINDER_SENDERS',
      'REMINDER_SENDER_FUNCTION',
    ],
  },
  /** The API's gate (functions/src/triggers/api-gate.ts): `true` on user routes' gate. */
  gate: { required: [], optional: ['GATE_CHECKS_TOKEN'] },
  /**
   * The routes of the sign-ins the API runs itself (functions/src/domain/account/provider-settings.ts):
   * LINE Login's channel id and X's OAuth 2.0 client id, the Secrets Manager secrets of their client
   * secrets (JSON `channelSecret`, `clientSecret`), and the providers' addresses (their own unless
   * set: the local stack points them at its stand-ins).
   */
  socialSignIn: {
    required: [],
    optional: [
      'LINE_CHANNEL_ID',
      'LINE_SECRET_ID',
      'LINE_AUTHORIZE_URL',
      'LINE_API_URL',
      'X_CLIENT_ID',
      'X_SECRET_ID',
      'X_AUTHORIZE_URL',
      'X_API_URL',
    ],
  },
  /**
   * The team saves' functions: the Secrets Manager secret of the arrival receipts' key
   * (functions/src/lib/arrival-receipt.ts).
   */
  arrivalReceipts: { required: [], optional: ['ARRIVAL_RECEIPT_SECRET_ID'] },
  /** The origin secret's rotation (functions/src/jobs/rotate-origin-secret.ts). */
  originRotation: { required: ['DISTRIBUTION_ID'], optional: [] },
  /**
   * Set by the local stack only, never by the CDK: the local token issuer's key
   * (functions/src/lib/local-issuer.ts), the game clock's offset (functions/src/lib/clock.ts), the
   * arrival receipts' key (functions/src/lib/arrival-receipt.ts) and the stand-in providers' client
   * secrets (functions/src/domain/account/provider-settings.ts).
   */
  localOnly: {
    required: [],
    optional: [
      'LOCAL_AUTH_PRIVATE_JWK',
      'GAME_CLOCK_OFFSET_MS',
      'ARRIVAL_RECEIPT_KEY',
      'LINE_CHANNEL_SECRET',
      'X_CLIENT_SECRET',
    ],
  },
} as const satisfies Record<string, { required: readonly string[]; optional: readonly string[] }>;

export type VariableGroup = keyof typeof functionVariables;
/** The names of some groups that have no default. */
export type RequiredVariable<G extends VariableGroup = VariableGroup> =
  (typeof functionVariables)[G]['required'][number];
type OptionalOf<G extends VariableGroup> = (typeof functionVariables)[G]['optional'][number];
/** The names of some groups (all of them by default). */
export type FunctionVariable<G extends VariableGroup = VariableGroup> = RequiredVariable<G> | OptionalOf<G>;

/** The names the CDK may set: all but the local stack's own. */
export type DeployedVariable = Exclude<FunctionVariable, FunctionVariable<'localOnly'>>;

/**
 * What a function reading the groups `G` is given: each required name, any optional one, and
 * nothing else (an object literal with another name fails `tsc`).
 */
export type EnvironmentOf<G extends VariableGroup> = { [K in RequiredVariable<G>]: string } & {
  [K in OptionalOf<G>]?: string;
};

/** Every name of the list, with its group. */
export const allFunctionVariables = Object.entries(functionVariables).flatMap(
  ([group, { required, optional }]) => [
    ...required.map((name) => ({ name, group: group as VariableGroup, required: true })),
    ...optional.map((name) => ({ name, group: group as VariableGroup, required: false })),
  ],
);
