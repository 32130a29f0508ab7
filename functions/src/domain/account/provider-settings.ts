/**
 * The settings of the sign-ins the API runs itself with a provider (LINE, X): each provider's
 * client id and addresses from the environment, its client secret from Secrets Manager in AWS
 * (`LINE_SECRET_ID`, JSON `channelSecret`) or from the environment in the local stack
 * (`LINE_CHANNEL_SECRET`), read again after 5 minutes so a replaced secret is taken up.
 */
import * as z from 'zod';
import { hostTimeMs } from '../../lib/clock';
import { environmentVariable, type SchemaShape } from '../../lib/config';
import { secretVersion } from '../../lib/secret-versions';

const environmentSchema = z.object({
  LINE_CHANNEL_ID: z.string().default(''),
  LINE_SECRET_ID: z.string().default(''),
  LINE_AUTHORIZE_URL: z.url().default('https://access.line.me/oauth2/v2.1/authorize'),
  LINE_API_URL: z.url().default('https://api.line.me'),
} satisfies SchemaShape<'socialSignIn'>);

export interface ProviderClient {
  clientId: string;
  /** The provider's authorize page. */
  authorizeUrl: string;
  /** The origin of the provider's API (no trailing slash). */
  apiUrl: string;
}

/** LINE Login's channel: its id is the OAuth client id, and the audience of its ID tokens. */
export function lineClient(): ProviderClient {
  const env = environmentSchema.parse(process.env);
  if (!env.LINE_CHANNEL_ID) throw new Error('LINE_CHANNEL_ID is not set: LINE sign-in is not configured');
  return {
    clientId: env.LINE_CHANNEL_ID,
    authorizeUrl: env.LINE_AUTHORIZE_URL,
    apiUrl: env.LINE_API_URL.replace(/\/+$/, ''),
  };
}

const reloadAfterMs = 5 * 60_000;
const loaded = new Map<string, { value: string; at: number }>();

/** One field of a provider's JSON secret, kept for `reloadAfterMs`. */
async function secretField(secretId: string, field: string): Promise<string> {
  const now = hostTimeMs();
  const key = `${secretId}#${field}`;
  const kept = loaded.get(key);
  if (kept && now - kept.at < reloadAfterMs) return kept.value;
  const parsed = z
    .object({ [field]: z.string().min(1) })
    .parse(JSON.parse((await secretVersion(secretId, 'AWSCURRENT')) ?? '{}'));
  const value = parsed[field]!;
  loaded.set(key, { value, at: now });
  return value;
}

/** LINE Login's channel secret: the code exchange's client secret, and the key of its ID tokens. */
export async function lineChannelSecret(): Promise<string> {
  const local = environmentVariable('LINE_CHANNEL_SECRET');
  if (local) return local;
  const secretId = environmentSchema.parse(process.env).LINE_SECRET_ID;
  if (!secretId) throw new Error('LINE_SECRET_ID is not set: LINE sign-in is not configured');
  return secretField(secretId, 'channelSecret');
}
