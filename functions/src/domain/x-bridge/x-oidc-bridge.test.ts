import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import * as secretsManager from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { SignJWT } from 'jose';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetXBridgeSettings, xBridgeSettings } from './x-bridge-settings';
import { serveXBridge, signingKeyFromSecret, type BridgeRequest } from './x-oidc-bridge';

const secretsMock = mockClient(secretsManager.SecretsManagerClient);
const tableMock = mockClient(DynamoDBDocumentClient);

const issuer = 'https://bridge.example';
const redirectUri = 'https://pool.example/oauth2/idpresponse';
const seeds = { current: 'c'.repeat(48), previous: 'p'.repeat(48) };

/** The signing secret's labelled versions, as Secrets Manager answers them; a label without a version is not found. */
function signingSecret(versions: Partial<Record<'AWSCURRENT' | 'AWSPREVIOUS' | 'AWSPENDING', string>>) {
  secretsMock
    .on(secretsManager.GetSecretValueCommand)
    .callsFake((input: { SecretId: string; VersionStage?: string }) => {
      if (input.SecretId === 'golf-test/x')
        return { SecretString: JSON.stringify({ clientId: 'x-client', clientSecret: 'x-secret' }) };
      const value = versions[(input.VersionStage ?? 'AWSCURRENT') as keyof typeof versions];
      if (value === undefined)
        throw new secretsManager.ResourceNotFoundException({ message: 'no such version', $metadata: {} });
      return { SecretString: value };
    });
}

const request = (
  method: string,
  path: string,
  query: Record<string, string> = {},
  headers = {},
): BridgeRequest => ({
  method,
  path,
  query: new URLSearchParams(query),
  headers,
  body: '',
  issuer,
});

beforeEach(() => {
  secretsMock.reset();
  tableMock.reset();
  resetXBridgeSettings();
  process.env['X_CLIENT_SECRET_ID'] = 'golf-test/x';
  process.env['X_BRIDGE_KEY_SECRET_ID'] = 'golf-test/x-bridge-key';
  process.env['X_BRIDGE_REDIRECT_URIS'] = redirectUri;
});

afterEach(() => resetXBridgeSettings());
// The unit files share their worker's modules: the SDK's clients are given back as they were.
afterAll(() => {
  secretsMock.restore();
  tableMock.restore();
});

describe('the X bridge’s keys across a new signing secret value', () => {
  it('publishes the current and the previous key, and signs with the current', async () => {
    signingSecret({ AWSCURRENT: seeds.current, AWSPREVIOUS: seeds.previous });
    const settings = await xBridgeSettings();
    const current = signingKeyFromSecret(seeds.current);
    const previous = signingKeyFromSecret(seeds.previous);
    expect(settings.signingKey.kid).toBe(current.kid);
    const jwks = JSON.parse(
      (await serveXBridge(request('GET', '/.well-known/jwks.json'), settings)).body,
    ) as {
      keys: Array<{ kid: string }>;
    };
    expect(jwks.keys.map((key) => key.kid)).toEqual([current.kid, previous.kid]);
  });

  it('publishes a pending value’s key before it becomes current, and one key for a secret never replaced', async () => {
    signingSecret({ AWSCURRENT: seeds.current, AWSPENDING: seeds.previous });
    const staged = await xBridgeSettings();
    const published = async () =>
      (
        JSON.parse(
          (await serveXBridge(request('GET', '/.well-known/jwks.json'), await xBridgeSettings())).body,
        ) as {
          keys: Array<{ kid: string }>;
        }
      ).keys.map((key) => key.kid);
    expect(staged.otherKeys.map((key) => key.kid)).toEqual([signingKeyFromSecret(seeds.previous).kid]);
    resetXBridgeSettings();
    signingSecret({ AWSCURRENT: seeds.current });
    expect(await published()).toEqual([signingKeyFromSecret(seeds.current).kid]);
  });

  it('accepts at /userinfo an access token an instance signed with the previous key', async () => {
    signingSecret({ AWSCURRENT: seeds.current, AWSPREVIOUS: seeds.previous });
    const settings = await xBridgeSettings();
    const previous = signingKeyFromSecret(seeds.previous);
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({ name: 'X', preferred_username: 'x_golfer', scope: 'openid profile' })
      .setProtectedHeader({ alg: 'ES256', kid: previous.kid, typ: 'at+jwt' })
      .setIssuer(issuer)
      .setSubject('42')
      .setAudience(`${issuer}/userinfo`)
      .setIssuedAt(now)
      .setExpirationTime(now + 300)
      .sign(previous.privateKey);
    const answer = await serveXBridge(
      request('GET', '/userinfo', {}, { authorization: `Bearer ${token}` }),
      settings,
    );
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ sub: '42', name: 'X', preferred_username: 'x_golfer' });
  });
});

describe('the X bridge’s /authorize, for anyone on the internet', () => {
  const authorize = (settings: Awaited<ReturnType<typeof xBridgeSettings>>, now: Date) =>
    serveXBridge(
      request('GET', '/authorize', {
        client_id: 'x-client',
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'openid profile',
        state: 'cognito-state',
        nonce: 'cognito-nonce',
      }),
      settings,
      now,
    );
  const callback = (settings: Awaited<ReturnType<typeof xBridgeSettings>>, state: string, now: Date) =>
    serveXBridge(request('GET', '/callback', { state, error: 'access_denied' }), settings, now);

  it('writes nothing: the sign-in travels to X in a signed state, which comes back to Cognito', async () => {
    signingSecret({ AWSCURRENT: seeds.current });
    const settings = await xBridgeSettings();
    const now = new Date('2026-07-01T00:00:00Z');
    const answer = await authorize(settings, now);
    expect(answer.status).toBe(302);
    const state = new URL(answer.headers['location']!).searchParams.get('state')!;
    expect(tableMock.calls()).toEqual([]);
    // The player cancels at X: the bridge reads Cognito's request back from the state alone (it
    // checks that its code was never kept first).
    tableMock.on(GetCommand).resolves({});
    const back = new URL(
      (await callback(settings, state, new Date(now.getTime() + 60_000))).headers['location']!,
    );
    expect(back.origin + back.pathname).toBe(redirectUri);
    expect(Object.fromEntries(back.searchParams)).toEqual({ error: 'access_denied', state: 'cognito-state' });
  });

  it('refuses a state that is forged, altered or older than 10 minutes, before reading the table', async () => {
    signingSecret({ AWSCURRENT: seeds.current });
    const settings = await xBridgeSettings();
    const now = new Date('2026-07-01T00:00:00Z');
    const state = new URL((await authorize(settings, now)).headers['location']!).searchParams.get('state')!;
    const [payload, mac] = state.split('.') as [string, string];
    const altered = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(payload, 'base64url').toString()),
        redirect_uri: 'https://evil.example',
      }),
    ).toString('base64url');
    for (const [forged, at] of [
      [`${altered}.${mac}`, now],
      [`${payload}.${'A'.repeat(43)}`, now],
      ['not-a-state', now],
      [state, new Date(now.getTime() + 10 * 60_000)],
    ] as const)
      expect((await callback(settings, forged, at)).status, forged).toBe(400);
    expect(tableMock.calls()).toEqual([]);
  });

  it('takes back a state signed with the previous key after the secret’s new value', async () => {
    signingSecret({ AWSCURRENT: seeds.previous });
    const now = new Date('2026-07-01T00:00:00Z');
    const state = new URL(
      (await authorize(await xBridgeSettings(), now)).headers['location']!,
    ).searchParams.get('state')!;
    resetXBridgeSettings();
    signingSecret({ AWSCURRENT: seeds.current, AWSPREVIOUS: seeds.previous });
    tableMock.on(GetCommand).resolves({});
    const answer = await callback(await xBridgeSettings(), state, new Date(now.getTime() + 60_000));
    expect(answer.status).toBe(302);
    expect(answer.headers['location']).toContain('state=cognito-state');
  });
});
