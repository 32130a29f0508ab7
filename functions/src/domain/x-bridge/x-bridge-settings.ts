/**
 * The X bridge's settings: X's client id and secret and the signing secret, from Secrets Manager in
 * AWS (`X_CLIENT_SECRET_ID`, JSON `clientId` and `clientSecret`; `X_BRIDGE_KEY_SECRET_ID`, a random
 * string) or from the environment in the local stack (`X_CLIENT_ID`, `X_CLIENT_SECRET`,
 * `X_BRIDGE_KEY_SEED`); read again after 5 minutes, so a rotated secret is taken up. The signing
 * secret's labelled versions are read as the origin lock reads its own (lib/secret-versions.ts): the
 * bridge signs with the current one and publishes and accepts the previous and the pending too.
 */
import * as z from 'zod';
import { hostTimeMs } from '../../lib/clock';
import type { SchemaShape } from '../../lib/config';
import { secretVersion } from '../../lib/secret-versions';
import { signingKeyFromSecret, type SigningKey, type XBridgeSettings } from './x-oidc-bridge';

const environmentSchema = z.object({
  X_CLIENT_SECRET_ID: z.string().default(''),
  X_CLIENT_ID: z.string().default(''),
  X_CLIENT_SECRET: z.string().default(''),
  X_BRIDGE_KEY_SECRET_ID: z.string().default(''),
  X_BRIDGE_KEY_SEED: z.string().default(''),
  /** The user pool's `/oauth2/idpresponse` URL(s), comma-separated. */
  X_BRIDGE_REDIRECT_URIS: z.string().min(1),
  X_AUTHORIZE_URL: z.url().default('https://x.com/i/oauth2/authorize'),
  X_API_URL: z.url().default('https://api.x.com'),
  // The issuer is read by the bridge's entry (triggers/x-oidc-bridge.ts).
} satisfies SchemaShape<'xBridge', 'X_BRIDGE_ISSUER'>);

const clientSecretSchema = z.object({ clientId: z.string().min(1), clientSecret: z.string().min(1) });

const reloadAfterMs = 5 * 60_000;
let loaded: { settings: XBridgeSettings; at: number } | undefined;

async function currentValue(secretId: string): Promise<string> {
  const value = await secretVersion(secretId, 'AWSCURRENT');
  if (!value) throw new Error(`the secret ${secretId} has no value`);
  return value;
}

/** The signing secret's current value's key, then those of its previous and pending values, if any. */
async function signingKeys(secretId: string): Promise<SigningKey[]> {
  const values = await Promise.all([
    currentValue(secretId),
    secretVersion(secretId, 'AWSPREVIOUS'),
    secretVersion(secretId, 'AWSPENDING'),
  ]);
  return [...new Set(values.filter((value) => value !== undefined))].map(signingKeyFromSecret);
}

export async function xBridgeSettings(now = hostTimeMs()): Promise<XBridgeSettings> {
  if (loaded && now - loaded.at < reloadAfterMs) return loaded.settings;
  const env = environmentSchema.parse(process.env);
  const credentials = env.X_CLIENT_SECRET_ID
    ? clientSecretSchema.parse(JSON.parse(await currentValue(env.X_CLIENT_SECRET_ID)))
    : clientSecretSchema.parse({ clientId: env.X_CLIENT_ID, clientSecret: env.X_CLIENT_SECRET });
  const [signingKey, ...otherKeys] = env.X_BRIDGE_KEY_SECRET_ID
    ? await signingKeys(env.X_BRIDGE_KEY_SECRET_ID)
    : [signingKeyFromSecret(env.X_BRIDGE_KEY_SEED)];
  const settings: XBridgeSettings = {
    ...credentials,
    redirectUris: env.X_BRIDGE_REDIRECT_URIS.split(',').map((uri) => uri.trim()),
    xAuthorizeUrl: env.X_AUTHORIZE_URL,
    xApiUrl: env.X_API_URL.replace(/\/+$/, ''),
    signingKey: signingKey!,
    otherKeys,
  };
  loaded = { settings, at: now };
  return settings;
}

/** The local stack and tests change the environment; they call this to read it again. */
export function resetXBridgeSettings(): void {
  loaded = undefined;
}
