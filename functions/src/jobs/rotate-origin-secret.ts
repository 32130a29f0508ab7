import {
  CloudFrontClient,
  GetDistributionCommand,
  GetDistributionConfigCommand,
  UpdateDistributionCommand,
  type DistributionConfig,
} from '@aws-sdk/client-cloudfront';
import {
  DescribeSecretCommand,
  GetRandomPasswordCommand,
  GetSecretValueCommand,
  ListSecretVersionIdsCommand,
  PutSecretValueCommand,
  SecretsManagerClient,
  UpdateSecretVersionStageCommand,
} from '@aws-sdk/client-secrets-manager';
import { originVerifyHeader } from '@golf/shared/security-headers';
import { hostTimeMs } from '../lib/clock';
import { environmentVariable } from '../lib/config';
import { logger } from '../lib/logger';
import { originValuesReloadMs } from '../lib/origin-lock';
import { traced, tracedHandler } from '../lib/tracer';

/**
 * Secrets Manager's rotation of the origin secret (`golf-{stage}/origin-verify`), which also changes
 * what CloudFront sends, so the API never meets a value it does not accept:
 * 1. createSecret: a new random value, labelled AWSPENDING (the API accepts AWSCURRENT, AWSPREVIOUS
 *    and AWSPENDING);
 * 2. setSecret: once every function has reloaded the values (the pending one is older than their
 *    reload period) and the distribution's previous change has reached every edge, the API origin's
 *    `x-origin-verify` becomes the pending value;
 * 3. testSecret: the distribution holds it;
 * 4. finishSecret: it becomes AWSCURRENT; the value edges may still send is now AWSPREVIOUS.
 * Each step can run again after a failure and does nothing the second time.
 */
export interface RotationEvent {
  SecretId: string;
  ClientRequestToken: string;
  Step: 'createSecret' | 'setSecret' | 'testSecret' | 'finishSecret';
}

export interface RotationDeps {
  secrets: SecretsManagerClient;
  cloudfront: CloudFrontClient;
  distributionId: string;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
}

/** How old the pending value must be before CloudFront sends it: every function has reloaded by then. */
export const pendingSettleMs = originValuesReloadMs + 60_000;

const pendingValue = async ({ secrets }: RotationDeps, event: RotationEvent) =>
  (
    await secrets.send(
      new GetSecretValueCommand({
        SecretId: event.SecretId,
        VersionId: event.ClientRequestToken,
        VersionStage: 'AWSPENDING',
      }),
    )
  ).SecretString!;

/** The distribution's origins that carry the header, and whether they all send `value`. */
function originsWithHeader(config: DistributionConfig) {
  return (config.Origins?.Items ?? []).flatMap((origin) =>
    (origin.CustomHeaders?.Items ?? []).filter((header) => header.HeaderName === originVerifyHeader),
  );
}

async function createSecret(deps: RotationDeps, event: RotationEvent) {
  try {
    await pendingValue(deps, event);
    return;
  } catch (error) {
    if ((error as Error).name !== 'ResourceNotFoundException') throw error;
  }
  const { RandomPassword } = await deps.secrets.send(
    new GetRandomPasswordCommand({ PasswordLength: 48, ExcludePunctuation: true }),
  );
  await deps.secrets.send(
    new PutSecretValueCommand({
      SecretId: event.SecretId,
      ClientRequestToken: event.ClientRequestToken,
      SecretString: RandomPassword!,
      VersionStages: ['AWSPENDING'],
    }),
  );
}

async function setSecret(deps: RotationDeps, event: RotationEvent) {
  const { secrets, cloudfront, distributionId } = deps;
  const value = await pendingValue(deps, event);
  const { DistributionConfig: config, ETag } = await cloudfront.send(
    new GetDistributionConfigCommand({ Id: distributionId }),
  );
  const headers = originsWithHeader(config!);
  if (headers.length === 0)
    throw new Error(`distribution ${distributionId} has no ${originVerifyHeader} origin`);
  if (headers.every((header) => header.HeaderValue === value)) return;
  // Every function must know the pending value before an edge sends it.
  const { Versions } = await secrets.send(
    new ListSecretVersionIdsCommand({ SecretId: event.SecretId, IncludeDeprecated: false }),
  );
  const created = Versions?.find((version) => version.VersionId === event.ClientRequestToken)?.CreatedDate;
  const wait = (created ? created.getTime() : deps.now()) + pendingSettleMs - deps.now();
  if (wait > 0) await deps.sleep(wait);
  // An edge still sending the value before the current one (a rotation right after another) would be
  // refused once this one finishes: the previous change must have reached every edge.
  const { Distribution } = await cloudfront.send(new GetDistributionCommand({ Id: distributionId }));
  if (Distribution?.Status !== 'Deployed') {
    throw new Error(
      `distribution ${distributionId} is still deploying a change; rotate again once it is Deployed`,
    );
  }
  for (const header of headers) header.HeaderValue = value;
  await cloudfront.send(
    new UpdateDistributionCommand({ Id: distributionId, IfMatch: ETag, DistributionConfig: config }),
  );
}

async function testSecret(deps: RotationDeps, event: RotationEvent) {
  const value = await pendingValue(deps, event);
  const { DistributionConfig: config } = await deps.cloudfront.send(
    new GetDistributionConfigCommand({ Id: deps.distributionId }),
  );
  if (!originsWithHeader(config!).every((header) => header.HeaderValue === value)) {
    throw new Error(`distribution ${deps.distributionId} does not send the pending value`);
  }
}

async function finishSecret(deps: RotationDeps, event: RotationEvent, current: string | undefined) {
  await deps.secrets.send(
    new UpdateSecretVersionStageCommand({
      SecretId: event.SecretId,
      VersionStage: 'AWSCURRENT',
      MoveToVersionId: event.ClientRequestToken,
      ...(current ? { RemoveFromVersionId: current } : {}),
    }),
  );
}

const steps = { createSecret, setSecret, testSecret, finishSecret };

export async function rotateOriginSecret(deps: RotationDeps, event: RotationEvent): Promise<void> {
  const step = steps[event.Step];
  if (!step) throw new Error(`unknown rotation step ${String(event.Step)}`);
  // Secrets Manager labels the version it rotates to AWSPENDING before the first step.
  const described = await deps.secrets.send(new DescribeSecretCommand({ SecretId: event.SecretId }));
  const versions = described.VersionIdsToStages ?? {};
  const stages = versions[event.ClientRequestToken];
  if (!stages) throw new Error(`version ${event.ClientRequestToken} is not a version of the secret`);
  // Already done: a step run again after the rotation finished.
  if (stages.includes('AWSCURRENT')) return;
  if (!stages.includes('AWSPENDING'))
    throw new Error(`version ${event.ClientRequestToken} is not AWSPENDING`);
  const current = Object.entries(versions).find(([, labels]) => labels.includes('AWSCURRENT'))?.[0];
  await step(deps, event, current);
  logger.info('origin secret rotation', { step: event.Step, version: event.ClientRequestToken });
}

let deps: RotationDeps | undefined;

/** The rotation function Secrets Manager invokes (DISTRIBUTION_ID: the site's distribution). */
export const handler = tracedHandler(async (event: RotationEvent): Promise<void> => {
  deps ??= {
    secrets: traced(new SecretsManagerClient({})),
    cloudfront: traced(new CloudFrontClient({})),
    distributionId: environmentVariable('DISTRIBUTION_ID') ?? '',
    now: hostTimeMs,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  };
  await rotateOriginSecret(deps, event);
});
