import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  GetSecretValueCommand,
  ResourceNotFoundException,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import type { APIGatewayRequestAuthorizerEventV2 } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetConfig } from '../lib/config';
import { originVerifyHeader } from '../lib/origin-lock';
import { lockOriginDuringEachTest } from '../lib/origin-lock-testing';
import { handler } from './api-gate';

const secrets = mockClient(SecretsManagerClient);
const issuer = 'https://cognito-idp.ap-northeast-1.amazonaws.com/ap-northeast-1_gate';
let server: Server;
let sign: (claims: Record<string, unknown>) => Promise<string>;

const call = (headers: Record<string, string>) =>
  handler({ type: 'REQUEST', headers } as unknown as APIGatewayRequestAuthorizerEventV2);

describe('the API gate (the HTTP API’s Lambda authorizer)', () => {
  beforeAll(async () => {
    // The user pool's keys, served as Cognito serves its JWKS.
    const { publicKey, privateKey } = await generateKeyPair('RS256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    server = createServer((_, response) => response.end(JSON.stringify({ keys: [jwk] })));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    process.env['AUTH_ISSUER'] = issuer;
    process.env['AUTH_JWKS_URL'] = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks.json`;
    process.env['AUTH_AUDIENCE'] = 'client-1';
    sign = (claims) =>
      new SignJWT({ token_use: 'access', client_id: 'client-1', username: 'p1', ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .setIssuer(issuer)
        .setSubject('p1')
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(privateKey);
    secrets.on(GetSecretValueCommand, { VersionStage: 'AWSCURRENT' }).resolves({ SecretString: 'current' });
    secrets.on(GetSecretValueCommand, { VersionStage: 'AWSPREVIOUS' }).resolves({ SecretString: 'previous' });
    secrets
      .on(GetSecretValueCommand, { VersionStage: 'AWSPENDING' })
      .rejects(new ResourceNotFoundException({ message: 'none pending', $metadata: {} }));
  });
  afterAll(() => {
    server.close();
    for (const name of ['AUTH_ISSUER', 'AUTH_JWKS_URL', 'AUTH_AUDIENCE', 'GATE_CHECKS_TOKEN'])
      delete process.env[name];
    resetConfig();
  });
  lockOriginDuringEachTest('golf-test/origin-verify');

  it('lets through the values CloudFront may send, and refuses any other', async () => {
    expect(await call({ [originVerifyHeader]: 'current' })).toEqual({ isAuthorized: true });
    expect(await call({ [originVerifyHeader]: 'previous' })).toEqual({ isAuthorized: true });
    expect(await call({ [originVerifyHeader]: 'guess' })).toEqual({ isAuthorized: false });
    expect(await call({})).toEqual({ isAuthorized: false });
  });

  it('on user routes, also wants a valid access token of the pool', async () => {
    process.env['GATE_CHECKS_TOKEN'] = 'true';
    try {
      const origin = { [originVerifyHeader]: 'current' };
      expect(await call({ ...origin, authorization: `Bearer ${await sign({})}` })).toEqual({
        isAuthorized: true,
      });
      expect(await call(origin)).toEqual({ isAuthorized: false });
      for (const claims of [{ client_id: 'other' }, { token_use: 'id' }]) {
        expect(await call({ ...origin, authorization: `Bearer ${await sign(claims)}` })).toEqual({
          isAuthorized: false,
        });
      }
      // A valid token does not open the API to a caller that skipped CloudFront.
      expect(
        await call({ [originVerifyHeader]: 'guess', authorization: `Bearer ${await sign({})}` }),
      ).toEqual({
        isAuthorized: false,
      });
    } finally {
      delete process.env['GATE_CHECKS_TOKEN'];
    }
  });

  it('fails (not refuses) when the secret cannot be read, so API Gateway keeps no answer', async () => {
    secrets.on(GetSecretValueCommand, { VersionStage: 'AWSCURRENT' }).rejects(new Error('throttled'));
    await expect(call({ [originVerifyHeader]: 'current' })).rejects.toThrow('throttled');
  });
});
