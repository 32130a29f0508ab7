import { z } from 'zod';

/**
 * The one configuration module. Everything physical (table, bucket, issuer) arrives through the
 * environment, so the same handlers run against the local stack, LocalStack or AWS.
 * Endpoints: the AWS SDK itself honours AWS_ENDPOINT_URL and AWS_ENDPOINT_URL_<SERVICE>.
 */
const configSchema = z.object({
  TABLE_NAME: z.string().min(1).default('golf-local'),
  UPLOADS_BUCKET: z.string().min(1).default('golf-uploads'),
  /** Public base URL the browser uses for uploaded objects (CDN in AWS, s3rver locally). */
  UPLOADS_PUBLIC_URL: z.string().default(''),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  AUTH_ISSUER: z.string().default('http://127.0.0.1:3000/api/dev/auth'),
  AUTH_JWKS_URL: z.string().default('http://127.0.0.1:3000/api/dev/auth/.well-known/jwks.json'),
  AUTH_AUDIENCE: z.string().default('golf-web'),
  /** Base of the hosted OAuth endpoints (/oauth2/authorize, /oauth2/token): Cognito's domain, or the local stand-in. */
  AUTH_OAUTH_URL: z.string().default('http://127.0.0.1:3000/api/dev/auth'),
  /**
   * The user pool that keeps e-mail logins and issues their tokens (AWS). Empty locally, where the
   * in-repo adapter keeps scrypt hashes in the table and the local issuer signs (identity-port.ts).
   */
  COGNITO_USER_POOL_ID: z.string().default(''),
  MAIL_TRANSPORT: z.enum(['outbox', 'ses']).default('outbox'),
  MAIL_FROM: z.string().default('no-reply@golf-dream.example'),
  SITE_URL: z.string().default('http://127.0.0.1:3000'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
});

export type Config = z.infer<typeof configSchema>;

let cached: Config | undefined;

export function config(): Config {
  cached ??= configSchema.parse(process.env);
  return cached;
}

/** Tests and the local stack change the environment after import; they call this to re-read it. */
export function resetConfig(): void {
  cached = undefined;
}
