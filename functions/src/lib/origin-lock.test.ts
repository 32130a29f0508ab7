import {
  GetSecretValueCommand,
  ResourceNotFoundException,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { describe, expect, it } from 'vitest';
import { handler as getMasterList } from '../handlers/master/get-master-list';
import { resetConfig } from './config';
import { checkOrigin, clientAddress, originVerifyHeader } from './origin-lock';
import { lockOriginDuringEachTest } from './origin-lock-testing';

const secretArn = 'arn:aws:secretsmanager:ap-northeast-1:123456789012:secret:golf-test/origin-verify-AbCdEf';
const secrets = mockClient(SecretsManagerClient);

const event = (headers: Record<string, string>) =>
  ({
    version: '2.0',
    rawPath: '/api/master/gender',
    headers,
    pathParameters: { list: 'gender' },
    isBase64Encoded: false,
    requestContext: { http: { method: 'GET', sourceIp: '130.176.1.1' }, timeEpoch: Date.now() },
  }) as unknown as APIGatewayProxyEventV2;

/**
 * The secret as Secrets Manager keeps it: a current version, once rotated a previous one, and a
 * pending one during a rotation.
 */
function secretVersions(current: string, previous?: string, pending?: string) {
  secrets.reset();
  const version = (stage: string, value: string | undefined) => {
    if (value) secrets.on(GetSecretValueCommand, { VersionStage: stage }).resolves({ SecretString: value });
    else
      secrets
        .on(GetSecretValueCommand, { VersionStage: stage })
        .rejects(new ResourceNotFoundException({ message: `no ${stage} version`, $metadata: {} }));
  };
  version('AWSCURRENT', current);
  version('AWSPREVIOUS', previous);
  version('AWSPENDING', pending);
}

describe('the origin lock (only CloudFront reaches the API)', () => {
  lockOriginDuringEachTest(secretArn);

  it('refuses a request without the secret header, or with a wrong one, with 403 before the handler', async () => {
    secretVersions('current-secret');
    for (const headers of [{}, { [originVerifyHeader]: 'guess' }] as Array<Record<string, string>>) {
      const result = (await getMasterList(event(headers), {} as Context)) as { statusCode: number };
      expect(result.statusCode).toBe(403);
    }
    const through = (await getMasterList(
      event({ [originVerifyHeader]: 'current-secret' }),
      {} as Context,
    )) as {
      statusCode: number;
    };
    expect(through.statusCode).toBe(200);
  });

  it('accepts the previous value during a rotation, and a value rotated in since it last loaded', async () => {
    const start = Date.now();
    secretVersions('one');
    await checkOrigin(event({ [originVerifyHeader]: 'one' }), start);
    secretVersions('two', 'one');
    // Loaded 'one' only: 'two' is found by the reload a mismatch makes once the values are 30 s old.
    await expect(checkOrigin(event({ [originVerifyHeader]: 'two' }), start + 1_000)).rejects.toMatchObject({
      statusCode: 403,
    });
    await checkOrigin(event({ [originVerifyHeader]: 'two' }), start + 31_000);
    await checkOrigin(event({ [originVerifyHeader]: 'one' }), start + 32_000);
  });

  it('accepts the pending value of a rotation under way, once reloaded', async () => {
    const start = Date.now();
    secretVersions('one', undefined, 'two');
    await checkOrigin(event({ [originVerifyHeader]: 'two' }), start);
    await checkOrigin(event({ [originVerifyHeader]: 'one' }), start);
    await expect(checkOrigin(event({ [originVerifyHeader]: 'three' }), start)).rejects.toMatchObject({
      statusCode: 403,
    });
  });

  it('counts the viewer’s address from CloudFront-Viewer-Address only when the lock is on', () => {
    const viaCdn = event({ 'cloudfront-viewer-address': '2001:db8::7:46532' });
    expect(clientAddress(viaCdn)).toBe('2001:db8::7');
    expect(clientAddress(event({ 'cloudfront-viewer-address': '203.0.113.9:5000' }))).toBe('203.0.113.9');
    delete process.env['ORIGIN_SECRET_ID'];
    resetConfig();
    // Without the lock anyone could send the header: the connection's address counts.
    expect(clientAddress(event({ 'cloudfront-viewer-address': '203.0.113.9:5000' }))).toBe('130.176.1.1');
    expect(clientAddress(event({}))).toBe('130.176.1.1');
  });
});
