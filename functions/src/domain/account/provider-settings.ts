/**
 * The settings of the sign-ins the API runs itself with a provider (LINE, X): each provider's
 * client id and addresses from the environment, its client secret from Secrets Manager in AWS
 * (`LINE_SECRET_ID`, JSON `channelSecret`; `X_SECRET_ID`, JSON `clientSecret`) or from the
 * environment in the local stack (`LINE_CHANNEL_SECRET`, `X_CLIENT_SECRET`), read again after 5
 * minutes so a replaced secret is taken up.
 */
import * as z from 'zod';
import type { ProviderSignedInByApi } from '@golf/shared/schemas/values/social';
import { hostTimeMs } from '../../lib/clock';
import { environmentVariable, type SchemaShape } from '../../lib/config';
import { secretVersion } from '../../lib/secret-versions';

const environmentSchema = z.object({
  LINE_CHANNEL_ID: z.string().default(''),
  LINE_SECRET_ID: z.string().default(''),
  LINE_AUTHORIZE_URL: z.url().default('https://access.line.me/oauth2/v2.1/authorize'),
  LINE_API_URL: z.url().default('https://api.line.me'),
  X_CLIENT_ID: z.string().default(''),
  X_SECRET_ID: z.string().default(''),
  X_AUTHORIZE_URL: z.url().default('https://x.com/i/oauth2/authorize'),
  X_API_URL: z.url().default('https://api.x.com'),
} satisfies SchemaShape<'socialSignIn'>);
type Environment = z.infer<typeof environmentSchema>;

/** Where each provider's settings are: the environment's names, and its secret's JSON field. */
const sources = {
  line: {
    clientId: 'LINE_CHANNEL_ID',
    secretId: 'LINE_SECRET_ID',
    secretField: 'channelSecret',
    localSecret: 'LINE_CHANNEL_SECRET',
    authorizeUrl: 'LINE_AUTHORIZE_URL',
    apiUrl: 'LINE_API_URL',
  },
  twitter: {
    clientId: 'X_CLIENT_ID',
    secretId: 'X_SECRET_ID',
    secretField: 'clientSecret',
    localSecret: 'X_CLIENT_SECRET',
    authorizeUrl: 'X_AUTHORIZE_URL',
    apiUrl: 'X_API_URL',
  },
} as const satisfies Record<
  ProviderSignedInByApi,
  {
    clientId: keyof Environment;
    secretId: keyof Environment;
    secretField: string;
    localSecret: 'LINE_CHANNEL_SECRET' | 'X_CLIENT_SECRET';
    authorizeUrl: keyof Environment;
    apiUrl: keyof Environment;
  }
>;

export interface ProviderClient {
  clientId: string;
  /** The provider's authorize page. */
  authorizeUrl: string;
  /** The origin of the provider's API (no trailing slash). */
  apiUrl: string;
}

/** A provider's OAuth client: its id (LINE's channel id, also its ID tokens' audience) and addresses. */
export function providerClient(provider: ProviderSignedInByApi): ProviderClient {
  const env = environmentSchema.parse(process.env);
  const source = sources[provider];
  if (!env[source.clientId])
    throw new Error(`${source.clientId} is not set: ${provider} sign-in is not configured`);
  return {
    clientId: env[source.clientId],
    authorizeUrl: env[source.authorizeUrl],
    apiUrl: env[source.apiUrl].replace(/\/+$/, ''),
  };
}

const reloadAfterMs = 5 * 60_000;
const loaded = new Map<string, { value: string; at: number }>();

/** A provider's client secret (LINE's channel secret is also the key of its ID tokens). */
export async function providerClientSecret(provider: ProviderSignedInByApi): Promise<string> {
  const source = sources[provider];
  const local = environmentVariable(source.localSecret);
  if (local) return local;
  const secretId = environmentSchema.parse(process.env)[source.secretId];
  if (!secretId) throw new Error(`${source.secretId} is not set: ${provider} sign-in is not configured`);
  const now = hostTimeMs();
  const kept = loaded.get(secretId);
  if (kept && now - kept.at < reloadAfterMs) return kept.value;
  const value = z
    .object({ [source.secretField]: z.string().min(1) })
    .parse(JSON.parse((await secretVersion(secretId, 'AWSCURRENT')) ?? '{}'))[source.secretField]!;
  loaded.set(secretId, { value, at: now });
  return value;
}
