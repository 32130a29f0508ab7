/**
 * The AWS calls of `npm run preflight`: each reads one fact with the caller's credentials and
 * changes nothing. A refused or failed call becomes a `Failure` its check reports, never a crash.
 * The checks themselves are pure (scripts/preflight/checks.ts).
 */
import {
  CloudFormationClient,
  DescribeStacksCommand,
  paginateListStackResources,
} from '@aws-sdk/client-cloudformation';
import { CloudFrontClient, ListDistributionsCommand } from '@aws-sdk/client-cloudfront';
import { DescribeLimitsCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetAccountSettingsCommand, LambdaClient, paginateListFunctions } from '@aws-sdk/client-lambda';
import {
  DescribeSecretCommand,
  GetSecretValueCommand,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import { GetServiceQuotaCommand, ServiceQuotasClient } from '@aws-sdk/client-service-quotas';
import { GetAccountCommand, GetEmailIdentityCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { GetCallerIdentityCommand, STSClient } from '@aws-sdk/client-sts';
import type { Failure, PreflightFacts, PreflightPlan, SecretFact, StackFact } from './checks';

/** The clients the checks call: the stage's region unless a function of the region is given. */
export interface PreflightClients {
  sts: STSClient;
  cloudformation: (region: string) => CloudFormationClient;
  secrets: (region: string) => SecretsManagerClient;
  serviceQuotas: ServiceQuotasClient;
  lambda: LambdaClient;
  dynamodb: DynamoDBClient;
  sesv2: SESv2Client;
  cloudfront: CloudFrontClient;
}

/** One client per region and service, with the caller's credentials (the SDK's default chain). */
export function awsClients(region: string): PreflightClients {
  const byRegion = <C>(make: (region: string) => C) => {
    const made = new Map<string, C>();
    return (where: string) => {
      if (!made.has(where)) made.set(where, make(where));
      return made.get(where)!;
    };
  };
  return {
    sts: new STSClient({ region }),
    cloudformation: byRegion((where) => new CloudFormationClient({ region: where })),
    secrets: byRegion((where) => new SecretsManagerClient({ region: where })),
    serviceQuotas: new ServiceQuotasClient({ region }),
    lambda: new LambdaClient({ region }),
    dynamodb: new DynamoDBClient({ region }),
    sesv2: new SESv2Client({ region }),
    // CloudFront is global; its API lives in us-east-1.
    cloudfront: new CloudFrontClient({ region: 'us-east-1' }),
  };
}

const errorText = (error: unknown) => {
  const { name, message } = error as Error;
  return name && message && !message.startsWith(name) ? `${name}: ${message}` : (message ?? String(error));
};

async function attempt<T>(read: () => Promise<T>): Promise<T | Failure> {
  try {
    return await read();
  } catch (error) {
    return { failed: errorText(error) };
  }
}

const isNamed = (error: unknown, ...names: string[]) => names.includes((error as Error).name);

/** A stack by name, or undefined where none exists (CloudFormation answers a ValidationError). */
async function describeStack(client: CloudFormationClient, name: string) {
  try {
    const { Stacks } = await client.send(new DescribeStacksCommand({ StackName: name }));
    return Stacks?.[0];
  } catch (error) {
    if (isNamed(error, 'ValidationError') && /does not exist/.test((error as Error).message))
      return undefined;
    throw error;
  }
}

/** Pages of functions read at the most to find the largest memory: enough for any account this app is in. */
const FUNCTION_PAGES = 20;

async function largestFunctionMemory(client: LambdaClient): Promise<number | undefined> {
  let largest: number | undefined;
  let pages = 0;
  for await (const page of paginateListFunctions({ client }, {})) {
    for (const fn of page.Functions ?? [])
      if (fn.MemorySize !== undefined) largest = Math.max(largest ?? 0, fn.MemorySize);
    if (++pages >= FUNCTION_PAGES) break;
  }
  return largest;
}

async function stageStack(client: CloudFormationClient, name: string): Promise<StackFact | undefined> {
  const stack = await describeStack(client, name);
  if (!stack) return undefined;
  const status = stack.StackStatus ?? 'UNKNOWN';
  if (status !== 'ROLLBACK_COMPLETE') return { status };
  const retained: { type: string; id: string }[] = [];
  for await (const page of paginateListStackResources({ client }, { StackName: name }))
    for (const resource of page.StackResourceSummaries ?? [])
      if (resource.ResourceStatus === 'DELETE_SKIPPED' && resource.PhysicalResourceId)
        retained.push({ type: resource.ResourceType ?? 'resource', id: resource.PhysicalResourceId });
  return { status, retained };
}

/** A secret's JSON fields, checked without its value ever leaving this function. */
async function operatorSecret(client: SecretsManagerClient, name: string, fields: readonly string[]) {
  let text: string | undefined;
  try {
    text = (await client.send(new GetSecretValueCommand({ SecretId: name }))).SecretString;
  } catch (error) {
    if (isNamed(error, 'ResourceNotFoundException')) return { state: 'missing' } satisfies SecretFact;
    if (isNamed(error, 'InvalidRequestException') && /delet/i.test((error as Error).message))
      return { state: 'deleted' } satisfies SecretFact;
    throw error;
  }
  let value: unknown;
  try {
    value = JSON.parse(text ?? '');
  } catch {
    return { state: 'not-json' } satisfies SecretFact;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { state: 'not-json' } as const;
  const given = value as Record<string, unknown>;
  const missingFields = fields.filter((field) => typeof given[field] !== 'string' || given[field] === '');
  return { state: 'present', missingFields } satisfies SecretFact;
}

async function stackSecret(client: SecretsManagerClient, name: string) {
  try {
    const { DeletedDate } = await client.send(new DescribeSecretCommand({ SecretId: name }));
    return DeletedDate ? ('deleted' as const) : ('present' as const);
  } catch (error) {
    if (isNamed(error, 'ResourceNotFoundException')) return 'missing' as const;
    throw error;
  }
}

/** Everything the checks need, read at once. */
export async function gatherFacts(plan: PreflightPlan, clients: PreflightClients): Promise<PreflightFacts> {
  const inParallel = async <K extends string, T>(keys: readonly K[], read: (key: K) => Promise<T>) =>
    Object.fromEntries(await Promise.all(keys.map(async (key) => [key, await read(key)] as const))) as Record<
      K,
      T
    >;
  const [
    identity,
    bootstrap,
    stacks,
    lambda,
    dynamodb,
    ses,
    mailIdentity,
    cloudfront,
    secrets,
    stackSecrets,
  ] = await Promise.all([
    attempt(async () => {
      const { Account, Arn } = await clients.sts.send(new GetCallerIdentityCommand({}));
      return { account: Account ?? '', arn: Arn ?? '' };
    }),
    inParallel(plan.regions, (region) =>
      attempt(async () => {
        const toolkit = await describeStack(clients.cloudformation(region), 'CDKToolkit');
        if (!toolkit) return undefined;
        const version = toolkit.Outputs?.find(
          (output) => output.OutputKey === 'BootstrapVersion',
        )?.OutputValue;
        return { status: toolkit.StackStatus ?? 'UNKNOWN', version: version ? Number(version) : undefined };
      }),
    ),
    inParallel(
      plan.stacks.map((stack) => stack.name),
      (name) =>
        attempt(() =>
          stageStack(clients.cloudformation(plan.stacks.find((stack) => stack.name === name)!.region), name),
        ),
    ),
    Promise.all([
      attempt(async () => {
        const { Quota } = await clients.serviceQuotas.send(
          new GetServiceQuotaCommand({ ServiceCode: 'lambda', QuotaCode: 'L-B99A9384' }),
        );
        if (Quota?.Value === undefined) throw new Error('no value');
        return Quota.Value;
      }),
      attempt(async () => {
        const { AccountLimit } = await clients.lambda.send(new GetAccountSettingsCommand({}));
        if (AccountLimit?.ConcurrentExecutions === undefined) throw new Error('no limit');
        return AccountLimit.ConcurrentExecutions;
      }),
      attempt(() => largestFunctionMemory(clients.lambda)),
    ]).then(([concurrencyQuota, concurrencyLimit, largestMemoryMb]) => ({
      concurrencyQuota,
      concurrencyLimit,
      largestMemoryMb,
    })),
    attempt(async () => {
      const limits = await clients.dynamodb.send(new DescribeLimitsCommand({}));
      return {
        tableMaxReadUnits: limits.TableMaxReadCapacityUnits ?? 0,
        tableMaxWriteUnits: limits.TableMaxWriteCapacityUnits ?? 0,
      };
    }),
    attempt(async () => {
      const account = await clients.sesv2.send(new GetAccountCommand({}));
      return {
        productionAccess: account.ProductionAccessEnabled === true,
        sendingEnabled: account.SendingEnabled !== false,
        enforcementStatus: account.EnforcementStatus,
        maxSendRate: account.SendQuota?.MaxSendRate ?? 0,
        max24HourSend: account.SendQuota?.Max24HourSend ?? 0,
      };
    }),
    attempt(async () => {
      try {
        const identity = await clients.sesv2.send(
          new GetEmailIdentityCommand({ EmailIdentity: plan.mail.domain }),
        );
        return {
          exists: true as const,
          verified: identity.VerifiedForSendingStatus === true,
          dkimStatus: identity.DkimAttributes?.Status,
        };
      } catch (error) {
        if (isNamed(error, 'NotFoundException')) return { exists: false as const };
        throw error;
      }
    }),
    attempt(async () => {
      const { DistributionList } = await clients.cloudfront.send(
        new ListDistributionsCommand({ MaxItems: 1 }),
      );
      return { distributions: DistributionList?.Quantity ?? 0 };
    }),
    inParallel(
      plan.secrets.map((secret) => secret.name),
      (name) =>
        attempt(() =>
          operatorSecret(
            clients.secrets(plan.region),
            name,
            plan.secrets.find((secret) => secret.name === name)!.fields,
          ),
        ),
    ),
    inParallel(
      plan.stackSecrets.map((secret) => secret.name),
      (name) =>
        attempt(() =>
          stackSecret(
            clients.secrets(plan.stackSecrets.find((secret) => secret.name === name)!.region),
            name,
          ),
        ),
    ),
  ]);
  return {
    identity,
    bootstrap,
    stacks,
    lambda,
    dynamodb,
    ses,
    mailIdentity,
    cloudfront,
    secrets,
    stackSecrets,
  };
}
