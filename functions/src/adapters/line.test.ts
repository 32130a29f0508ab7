import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConfig } from '../lib/config';
import { multicastLine, resetLineToken } from './line';

const secrets = mockClient(SecretsManagerClient);
const secretId = 'golf-test/line-messaging';

/** The Messaging API's answers, and the calls made to it. */
function answerLine(status = 200) {
  return vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation(() => Promise.resolve(new Response('{}', { status })));
}

describe('LINE multicasts through the Messaging API', () => {
  beforeEach(() => {
    process.env['LINE_TRANSPORT'] = 'messaging-api';
    process.env['LINE_CHANNEL_SECRET_ID'] = secretId;
    resetConfig();
    resetLineToken();
    secrets.reset();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    for (const name of ['LINE_TRANSPORT', 'LINE_CHANNEL_SECRET_ID', 'LINE_CHANNEL_ACCESS_TOKEN'])
      delete process.env[name];
    resetConfig();
    resetLineToken();
  });

  it('send with the channel access token read from the secret, read once for many calls', async () => {
    secrets
      .on(GetSecretValueCommand, { SecretId: secretId, VersionStage: 'AWSCURRENT' })
      .resolves({ SecretString: JSON.stringify({ channelAccessToken: 'token-from-secret' }) });
    const calls = answerLine();
    await multicastLine({ to: ['U1', 'U2'], text: 'hello' });
    await multicastLine({ to: ['U3'], text: 'again' });
    expect(calls).toHaveBeenCalledTimes(2);
    const [url, init] = calls.mock.calls[0]!;
    expect(url).toBe('https://api.line.me/v2/bot/message/multicast');
    expect((init!.headers as Record<string, string>)['authorization']).toBe('Bearer token-from-secret');
    expect(JSON.parse(init!.body as string)).toEqual({
      to: ['U1', 'U2'],
      messages: [{ type: 'text', text: 'hello' }],
    });
    expect(secrets.commandCalls(GetSecretValueCommand)).toHaveLength(1);
  });

  it('refuse to send without a token, or with a secret that holds none, before calling LINE', async () => {
    const calls = answerLine();
    delete process.env['LINE_CHANNEL_SECRET_ID'];
    resetConfig();
    await expect(multicastLine({ to: ['U1'], text: 'x' })).rejects.toThrow(/LINE_CHANNEL_SECRET_ID/);
    process.env['LINE_CHANNEL_SECRET_ID'] = secretId;
    resetConfig();
    secrets.on(GetSecretValueCommand).resolves({ SecretString: JSON.stringify({ token: 'misnamed' }) });
    await expect(multicastLine({ to: ['U1'], text: 'x' })).rejects.toThrow(/channelAccessToken/);
    expect(calls).not.toHaveBeenCalled();
  });

  it('throw when LINE refuses the call, so the sender gives the messages back', async () => {
    process.env['LINE_CHANNEL_ACCESS_TOKEN'] = 'given-token';
    resetConfig();
    answerLine(429);
    await expect(multicastLine({ to: ['U1'], text: 'x' })).rejects.toThrow(/429/);
    expect(secrets.commandCalls(GetSecretValueCommand)).toHaveLength(0);
  });
});
