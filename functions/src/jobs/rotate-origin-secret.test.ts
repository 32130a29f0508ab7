import * as cloudFront from '@aws-sdk/client-cloudfront';
import * as secretsManager from '@aws-sdk/client-secrets-manager';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { describe, expect, it } from 'vitest';
import { handler as getMasterList } from '../handlers/master/get-master-list';
import { checkOrigin, originVerifyHeader, resetOriginLock } from '../lib/origin-lock';
import { lockOriginDuringEachTest } from '../lib/origin-lock-testing';
import {
  pendingSettleMs,
  rotateOriginSecret,
  type RotationDeps,
  type RotationEvent,
} from './rotate-origin-secret';

const secretId = 'golf-test/origin-verify';
const distributionId = 'E2EXAMPLE';
const secretsMock = mockClient(secretsManager.SecretsManagerClient);
const cloudfrontMock = mockClient(cloudFront.CloudFrontClient);

const event = (value: string) =>
  ({
    version: '2.0',
    rawPath: '/api/master/gender',
    headers: { [originVerifyHeader]: value },
    pathParameters: { list: 'gender' },
    isBase64Encoded: false,
    requestContext: { http: { method: 'GET', sourceIp: '130.176.1.1' }, timeEpoch: Date.now() },
  }) as unknown as APIGatewayProxyEventV2;

const notFound = () =>
  new secretsManager.ResourceNotFoundException({ message: 'no such version', $metadata: {} });

/**
 * Secrets Manager's versions and labels, and a distribution whose edges send the old value until a
 * change has propagated: the answers the rotation function and the functions' origin lock get.
 */
function world() {
  let clock = Date.now();
  let passwords = 0;
  const versions = new Map<string, { value?: string; stages: Set<string>; created: number }>([
    ['v0', { value: 'value-0', stages: new Set(['AWSCURRENT']), created: clock }],
  ]);
  const origin = { HeaderName: originVerifyHeader, HeaderValue: 'value-0' };
  const config = {
    Origins: {
      Quantity: 2,
      Items: [{ Id: 'site' }, { Id: 'api', CustomHeaders: { Quantity: 1, Items: [origin] } }],
    },
  } as unknown as cloudFront.DistributionConfig;
  let status = 'Deployed';
  /** What an edge may send: during a change, the old value and the new one. */
  let edges = new Set(['value-0']);

  const labelled = (stage: string) => [...versions].find(([, version]) => version.stages.has(stage));
  secretsMock.reset();
  cloudfrontMock.reset();
  secretsMock.on(secretsManager.DescribeSecretCommand).callsFake(() => ({
    VersionIdsToStages: Object.fromEntries([...versions].map(([id, version]) => [id, [...version.stages]])),
  }));
  secretsMock
    .on(secretsManager.GetSecretValueCommand)
    .callsFake((input: { VersionId?: string; VersionStage: string }) => {
      const found = input.VersionId
        ? [input.VersionId, versions.get(input.VersionId)]
        : labelled(input.VersionStage);
      const version = found?.[1] as { value?: string; stages: Set<string> } | undefined;
      if (!version?.value || !version.stages.has(input.VersionStage)) throw notFound();
      return { SecretString: version.value };
    });
  secretsMock
    .on(secretsManager.GetRandomPasswordCommand)
    .callsFake(() => ({ RandomPassword: `value-${++passwords}` }));
  secretsMock
    .on(secretsManager.PutSecretValueCommand)
    .callsFake((input: { ClientRequestToken: string; SecretString: string }) => {
      versions.get(input.ClientRequestToken)!.value = input.SecretString;
      versions.get(input.ClientRequestToken)!.created = clock;
      return {};
    });
  secretsMock.on(secretsManager.ListSecretVersionIdsCommand).callsFake(() => ({
    Versions: [...versions].map(([id, version]) => ({
      VersionId: id,
      CreatedDate: new Date(version.created),
    })),
  }));
  secretsMock
    .on(secretsManager.UpdateSecretVersionStageCommand)
    .callsFake((input: { MoveToVersionId: string; RemoveFromVersionId: string }) => {
      for (const version of versions.values()) version.stages.delete('AWSPREVIOUS');
      versions.get(input.RemoveFromVersionId)!.stages.delete('AWSCURRENT');
      versions.get(input.RemoveFromVersionId)!.stages.add('AWSPREVIOUS');
      versions.get(input.MoveToVersionId)!.stages.add('AWSCURRENT');
      return {};
    });
  cloudfrontMock.on(cloudFront.GetDistributionConfigCommand).callsFake(() => ({
    ETag: 'etag',
    DistributionConfig: structuredClone(config),
  }));
  cloudfrontMock
    .on(cloudFront.GetDistributionCommand)
    .callsFake(() => ({ Distribution: { Status: status } }));
  cloudfrontMock
    .on(cloudFront.UpdateDistributionCommand)
    .callsFake((input: { DistributionConfig: cloudFront.DistributionConfig }) => {
      const sent = input.DistributionConfig.Origins!.Items![1]!.CustomHeaders!.Items![0]!.HeaderValue!;
      edges = new Set([origin.HeaderValue, sent]);
      origin.HeaderValue = sent;
      status = 'InProgress';
      return {};
    });

  const accepted: string[] = [];
  /** A request from every edge, as the functions answer it now: none may be refused. */
  const callFromEveryEdge = async () => {
    for (const value of edges) {
      await checkOrigin(event(value), clock);
      accepted.push(value);
    }
  };
  const deps: RotationDeps = {
    secrets: new secretsManager.SecretsManagerClient({}),
    cloudfront: new cloudFront.CloudFrontClient({}),
    distributionId,
    now: () => clock,
    // Time passes, and players keep calling every 30 seconds.
    sleep: async (ms) => {
      for (const end = clock + ms; clock < end;) {
        clock = Math.min(end, clock + 30_000);
        await callFromEveryEdge();
      }
    },
  };
  return {
    deps,
    accepted,
    callFromEveryEdge,
    edges: () => edges,
    later: (ms: number) => deps.sleep(ms),
    /** Secrets Manager starts a rotation: a new version labelled AWSPENDING, without a value yet. */
    start: (token: string) => versions.set(token, { stages: new Set(['AWSPENDING']), created: clock }),
    /** ...and ends it: the label AWSPENDING leaves the version. */
    end: (token: string) => versions.get(token)!.stages.delete('AWSPENDING'),
    propagate: () => {
      edges = new Set([origin.HeaderValue]);
      status = 'Deployed';
    },
    stages: () => Object.fromEntries([...versions].map(([id, version]) => [id, [...version.stages].sort()])),
  };
}

const steps: Array<RotationEvent['Step']> = ['createSecret', 'setSecret', 'testSecret', 'finishSecret'];

describe('rotating the origin secret', () => {
  lockOriginDuringEachTest(secretId);

  it('rotates twice while every edge keeps calling, and no call is refused', async () => {
    const w = world();
    // The functions loaded the values before the first rotation began.
    await w.callFromEveryEdge();
    for (const token of ['v1', 'v2']) {
      w.start(token);
      for (const Step of steps) {
        await rotateOriginSecret(w.deps, { SecretId: secretId, ClientRequestToken: token, Step });
        await w.callFromEveryEdge();
      }
      w.end(token);
      await w.callFromEveryEdge();
      // CloudFront's change reaches every edge within minutes.
      await w.later(60_000);
      w.propagate();
      await w.callFromEveryEdge();
    }
    expect(w.edges()).toEqual(new Set(['value-2']));
    expect(new Set(w.accepted)).toEqual(new Set(['value-0', 'value-1', 'value-2']));
    expect(w.stages()).toEqual({ v0: [], v1: ['AWSPREVIOUS'], v2: ['AWSCURRENT'] });
    // Through the handler wrapper of a fresh function (on the host's clock): the current and the
    // previous value pass, the one before them is refused.
    resetOriginLock();
    for (const [value, status] of [
      ['value-2', 200],
      ['value-1', 200],
      ['value-0', 403],
    ] as const) {
      const answer = (await getMasterList(event(value), {} as Context)) as { statusCode: number };
      expect(answer.statusCode).toBe(status);
    }
  });

  it('waits for every function to know the pending value before CloudFront sends it', async () => {
    const w = world();
    await w.callFromEveryEdge();
    w.start('v1');
    const rotate = (Step: RotationEvent['Step']) =>
      rotateOriginSecret(w.deps, { SecretId: secretId, ClientRequestToken: 'v1', Step });
    await rotate('createSecret');
    const before = Date.now();
    const started = w.deps.now();
    await rotate('setSecret');
    expect(w.deps.now() - started).toBe(pendingSettleMs);
    expect(Date.now() - before).toBeLessThan(pendingSettleMs);
    // Run again (a retried step), it changes nothing and does not wait.
    const again = w.deps.now();
    await rotate('setSecret');
    expect(w.deps.now()).toBe(again);
    expect(cloudfrontMock.commandCalls(cloudFront.UpdateDistributionCommand)).toHaveLength(1);
  });

  it('does not start sending a new value while the previous change is still reaching the edges', async () => {
    const w = world();
    await w.callFromEveryEdge();
    for (const token of ['v1', 'v2']) {
      w.start(token);
      const rotate = (Step: RotationEvent['Step']) =>
        rotateOriginSecret(w.deps, { SecretId: secretId, ClientRequestToken: token, Step });
      await rotate('createSecret');
      if (token === 'v2') {
        // Edges still send value-0 (now AWSPREVIOUS): a third value would push it out.
        await expect(rotate('setSecret')).rejects.toThrow(/still deploying/);
        await w.callFromEveryEdge();
        w.propagate();
      }
      for (const Step of steps.slice(1)) await rotate(Step);
      w.end(token);
      await w.callFromEveryEdge();
    }
    expect(cloudfrontMock.commandCalls(cloudFront.UpdateDistributionCommand)).toHaveLength(2);
  });

  it('refuses to rotate a version Secrets Manager did not label AWSPENDING', async () => {
    const w = world();
    await expect(
      rotateOriginSecret(w.deps, { SecretId: secretId, ClientRequestToken: 'unknown', Step: 'createSecret' }),
    ).rejects.toThrow(/not a version/);
    // A step run after the rotation finished does nothing.
    await rotateOriginSecret(w.deps, { SecretId: secretId, ClientRequestToken: 'v0', Step: 'finishSecret' });
    expect(secretsMock.commandCalls(secretsManager.UpdateSecretVersionStageCommand)).toHaveLength(0);
  });
});
