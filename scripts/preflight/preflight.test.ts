import {
  CloudFormationClient,
  DescribeStacksCommand,
  ListStackResourcesCommand,
  type Stack,
} from '@aws-sdk/client-cloudformation';
import { CloudFrontClient, ListDistributionsCommand } from '@aws-sdk/client-cloudfront';
import { DescribeLimitsCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetAccountSettingsCommand, LambdaClient, ListFunctionsCommand } from '@aws-sdk/client-lambda';
import {
  DescribeSecretCommand,
  GetSecretValueCommand,
  InvalidRequestException,
  ResourceNotFoundException,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import { GetServiceQuotaCommand, ServiceQuotasClient } from '@aws-sdk/client-service-quotas';
import {
  GetAccountCommand,
  GetEmailIdentityCommand,
  NotFoundException,
  SESv2Client,
} from '@aws-sdk/client-sesv2';
import { GetCallerIdentityCommand, STSClient } from '@aws-sdk/client-sts';
import { mockClient } from 'aws-sdk-client-mock';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../infra/lib/config';
import {
  checkBootstrap,
  checkCloudFront,
  checkConcurrency,
  checkIdentity,
  checkMailIdentity,
  checkMemory,
  checkSecrets,
  checkSesAccount,
  checkStackSecrets,
  checkStageStacks,
  checkTable,
  planFor,
  type PreflightFacts,
  type Verdict,
} from './checks';
import { contextFromArgs, runPreflight } from './cli';
import { gatherFacts, type PreflightClients } from './facts';

const account = '123456789012';
const planOf = (context: Record<string, unknown>, pinned?: string) =>
  planFor(
    readConfig({ tryGetContext: (key) => ({ mailFrom: 'no-reply@golf.example.jp', ...context })[key] }),
    14,
    pinned,
  );
const prod = planOf({ stage: 'prod', socialProviders: 'google,line', lineReminders: 'true' });
const dev = planOf({ stage: 'dev' });

/** An account where everything a deploy of `prod` needs is in place. */
const ready: PreflightFacts = {
  identity: { account, arn: `arn:aws:iam::${account}:user/deployer` },
  bootstrap: {
    'ap-northeast-1': { status: 'UPDATE_COMPLETE', version: 28 },
    'us-east-1': { status: 'CREATE_COMPLETE', version: 28 },
  },
  stacks: {},
  lambda: { concurrencyQuota: 5_000, concurrencyLimit: 5_000, largestMemoryMb: 1_024 },
  dynamodb: { tableMaxReadUnits: 100_000, tableMaxWriteUnits: 100_000 },
  ses: {
    productionAccess: true,
    sendingEnabled: true,
    enforcementStatus: 'HEALTHY',
    maxSendRate: 500,
    max24HourSend: 5_000_000,
  },
  mailIdentity: { exists: false },
  cloudfront: { distributions: 3 },
  secrets: {
    'golf-prod/social/google': { state: 'present', missingFields: [] },
    'golf-prod/social/line': { state: 'present', missingFields: [] },
    'golf-prod/line-messaging': { state: 'present', missingFields: [] },
  },
  stackSecrets: { 'golf-prod/origin-verify': 'missing', 'golf-prod/arrival-receipt-key': 'missing' },
};
const facts = (changes: Partial<PreflightFacts>): PreflightFacts => ({ ...ready, ...changes });
const verdictOf = (finding: { verdict: Verdict }) => finding.verdict;

describe('the pre-flight checks', () => {
  it('the account: the credentials work, and are the account the stage pins', () => {
    expect(checkIdentity(prod, ready).verdict).toBe('ok');
    expect(checkIdentity(planOf({ stage: 'prod' }, account), ready).text).toContain('configured for');
    const other = checkIdentity(planOf({ stage: 'prod' }, '999999999999'), ready);
    expect(other).toMatchObject({ verdict: 'blocker' });
    expect(other.text).toContain('configured for account 999999999999');
    const none = checkIdentity(
      prod,
      facts({ identity: { failed: 'CredentialsProviderError: Could not load credentials' } }),
    );
    expect(none.verdict).toBe('blocker');
    expect(none.text).toContain('aws sts get-caller-identity');
  });

  it('the CDK bootstrap: in the stage’s region and in us-east-1, complete and recent enough', () => {
    expect(checkBootstrap(prod, ready).map(verdictOf)).toEqual(['ok', 'ok']);
    const missing = checkBootstrap(
      prod,
      facts({ bootstrap: { 'ap-northeast-1': ready.bootstrap['ap-northeast-1'] } }),
    );
    expect(missing.map(verdictOf)).toEqual(['ok', 'blocker']);
    expect(missing[1]!.text).toContain(`npx cdk bootstrap aws://${account}/us-east-1`);
    const old = checkBootstrap(
      prod,
      facts({
        bootstrap: { ...ready.bootstrap, 'ap-northeast-1': { status: 'UPDATE_COMPLETE', version: 4 } },
      }),
    );
    expect(old[0]).toMatchObject({ verdict: 'blocker', check: 'CDK bootstrap in ap-northeast-1' });
    const failed = checkBootstrap(
      prod,
      facts({ bootstrap: { ...ready.bootstrap, 'us-east-1': { status: 'ROLLBACK_COMPLETE', version: 28 } } }),
    );
    expect(failed[1]!.text).toContain('delete-stack --stack-name CDKToolkit --region us-east-1');
    // A stage in us-east-1 bootstraps one region.
    expect(planOf({ stage: 'dev', region: 'us-east-1' }).regions).toEqual(['us-east-1']);
  });

  it('the stage’s stacks: a first deploy, a creation rolled back with what it kept, a stack in a state no deploy takes', () => {
    expect(checkStageStacks(prod, ready)).toMatchObject({
      verdict: 'ok',
      text: expect.stringContaining('first deploy'),
    });
    const rolledBack = checkStageStacks(
      prod,
      facts({
        stacks: {
          'Golf-prod-Edge': { status: 'CREATE_COMPLETE' },
          'Golf-prod-Data': {
            status: 'ROLLBACK_COMPLETE',
            retained: [
              { type: 'AWS::DynamoDB::GlobalTable', id: 'Golf-prod-Data-TableCD117FA1-1ABC' },
              { type: 'AWS::S3::Bucket', id: 'golf-prod-data-uploads1234-abcd' },
            ],
          },
        },
      }),
    );
    expect(rolledBack.verdict).toBe('todo');
    expect(rolledBack.text).toContain('Golf-prod-Data failed its first deploy');
    expect(rolledBack.text).toContain('AWS::S3::Bucket golf-prod-data-uploads1234-abcd (ap-northeast-1)');
    const stuck = checkStageStacks(prod, facts({ stacks: { 'Golf-prod-Web': { status: 'DELETE_FAILED' } } }));
    expect(stuck.verdict).toBe('blocker');
    expect(stuck.text).toContain('delete-stack --stack-name Golf-prod-Web --region us-east-1');
  });

  it('the secrets the stacks name: one left scheduled for deletion by an earlier stage of that name blocks its stack', () => {
    expect(checkStackSecrets(prod, ready)).toEqual([]);
    const left = checkStackSecrets(
      prod,
      facts({ stackSecrets: { ...ready.stackSecrets, 'golf-prod/origin-verify': 'deleted' } }),
    );
    expect(left).toHaveLength(1);
    expect(left[0]!.verdict).toBe('blocker');
    expect(left[0]!.text).toContain(
      'delete-secret --force-delete-without-recovery --region us-east-1 --secret-id golf-prod/origin-verify',
    );
    // Its own stack keeps it: nothing to do.
    const owned = facts({
      stackSecrets: { ...ready.stackSecrets, 'golf-prod/origin-verify': 'present' },
      stacks: { 'Golf-prod-Edge': { status: 'UPDATE_COMPLETE' } },
    });
    expect(checkStackSecrets(prod, owned)).toEqual([]);
  });

  it('Lambda’s concurrency: the lower of the quota and the applied limit, against the stage’s deadline minute; a to-do, not a blocker', () => {
    expect(prod.concurrency).toBe(3_250);
    expect(checkConcurrency(prod, ready).verdict).toBe('ok');
    const fresh = checkConcurrency(
      prod,
      facts({ lambda: { ...ready.lambda, concurrencyQuota: 1_000, concurrencyLimit: 10 } }),
    );
    expect(fresh.verdict).toBe('todo');
    expect(fresh.text).toMatch(/^10, and the deadline minute of stage prod needs 3,250/);
    expect(fresh.text).toContain('--quota-code L-B99A9384 --desired-value 3250 --region ap-northeast-1');
    expect(checkConcurrency(dev, facts({ lambda: { ...ready.lambda, concurrencyLimit: 50 } })).verdict).toBe(
      'ok',
    );
  });

  it('Lambda’s memory: 3,008 MB passes anywhere; more only where a function proves the quota allows it', () => {
    expect(checkMemory(prod, ready).verdict).toBe('ok');
    const raised = planOf({ stage: 'prod', rankingJobMemoryMb: '5307' });
    const unproven = checkMemory(raised, ready);
    expect(unproven.verdict).toBe('todo');
    expect(unproven.text).toContain('deploy without rankingJobMemoryMb');
    expect(checkMemory(raised, facts({ lambda: { ...ready.lambda, largestMemoryMb: 10_240 } })).verdict).toBe(
      'ok',
    );
  });

  it('the table quota: warm throughput above it is a blocker, a deadline minute above it a to-do', () => {
    expect(checkTable(prod, ready).verdict).toBe('ok');
    const defaultQuota = facts({ dynamodb: { tableMaxReadUnits: 40_000, tableMaxWriteUnits: 40_000 } });
    const short = checkTable(prod, defaultQuota);
    expect(short.verdict).toBe('todo');
    expect(short.text).toContain('ask for 97,500');
    const raisedInConfig = planOf({ stage: 'prod' });
    raisedInConfig.table.warm = { readUnitsPerSecond: 97_500, writeUnitsPerSecond: 32_500 };
    const refused = checkTable(raisedInConfig, defaultQuota);
    expect(refused.verdict).toBe('blocker');
    expect(refused.text).toContain('the data stack rolls back');
  });

  it('SES: paused is a blocker; the sandbox, and quotas below the reminders’ rate, to-dos', () => {
    expect(checkSesAccount(prod, ready).verdict).toBe('ok');
    const ses = ready.ses as Exclude<PreflightFacts['ses'], { failed: string }>;
    const sandbox = checkSesAccount(
      prod,
      facts({ ses: { ...ses, productionAccess: false, maxSendRate: 1, max24HourSend: 200 } }),
    );
    expect(sandbox.verdict).toBe('todo');
    expect(sandbox.text).toContain('sandbox');
    expect(sandbox.text).toContain('aws sesv2 create-email-identity --region ap-northeast-1');
    const slow = checkSesAccount(prod, facts({ ses: { ...ses, maxSendRate: 10, max24HourSend: 50_000 } }));
    expect(slow.verdict).toBe('todo');
    expect(slow.text).toContain('-c reminderMailsPerSecond=10');
    expect(slow.text).toContain('needs 420 mails a second');
    expect(slow.text).toContain('a tournament day needs 3,000,000 mails');
    expect(
      checkSesAccount(prod, facts({ ses: { ...ses, sendingEnabled: false, enforcementStatus: 'SHUTDOWN' } }))
        .verdict,
    ).toBe('blocker');
  });

  it('the mail identity: created by the data stack, or taken by someone else, or the reused one missing', () => {
    const created = checkMailIdentity(prod, ready);
    expect(created).toMatchObject({ verdict: 'todo', check: 'SES identity golf.example.jp' });
    expect(created.text).toContain('MailDkimRecord1-3');
    const taken = checkMailIdentity(
      prod,
      facts({ mailIdentity: { exists: true, verified: true, dkimStatus: 'SUCCESS' } }),
    );
    expect(taken.verdict).toBe('blocker');
    expect(taken.text).toContain('-c mailIdentity=reuse');
    const own = facts({
      mailIdentity: { exists: true, verified: true, dkimStatus: 'SUCCESS' },
      stacks: { 'Golf-prod-Data': { status: 'UPDATE_COMPLETE' } },
    });
    expect(checkMailIdentity(prod, own).verdict).toBe('ok');
    const reuse = planOf({ stage: 'qa', mailIdentity: 'reuse' });
    expect(checkMailIdentity(reuse, ready).verdict).toBe('blocker');
  });

  it('CloudFront: an account without a distribution is warned of the verification refusal', () => {
    expect(checkCloudFront(ready).verdict).toBe('ok');
    const first = checkCloudFront(facts({ cloudfront: { distributions: 0 } }));
    expect(first.verdict).toBe('todo');
    expect(first.text).toContain('Your account must be verified before you can add new CloudFront resources');
    expect(first.text).toContain('UploadsCdn');
  });

  it('the secrets of the enabled providers and of LINE reminders: each present, with its fields', () => {
    expect(prod.secrets.map((secret) => secret.name)).toEqual([
      'golf-prod/social/google',
      'golf-prod/social/line',
      'golf-prod/line-messaging',
    ]);
    expect(checkSecrets(prod, ready).map(verdictOf)).toEqual(['ok', 'ok', 'ok']);
    const wrong = checkSecrets(
      prod,
      facts({
        secrets: {
          'golf-prod/social/google': { state: 'missing' },
          'golf-prod/social/line': { state: 'present', missingFields: ['channelSecret'] },
          'golf-prod/line-messaging': { state: 'deleted' },
        },
      }),
    );
    expect(wrong.map(verdictOf)).toEqual(['blocker', 'blocker', 'blocker']);
    expect(wrong[0]!.text).toContain(
      `aws secretsmanager create-secret --region ap-northeast-1 --name golf-prod/social/google --secret-string '{"clientId":"...","clientSecret":"..."}'`,
    );
    expect(wrong[1]!.text).toContain('Lacks channelSecret');
    expect(wrong[2]!.text).toContain('restore-secret');
    expect(checkSecrets(dev, ready)).toEqual([expect.objectContaining({ verdict: 'ok', check: 'Secrets' })]);
  });

  it('read the context as cdk does: -c key=value, --context key=value, and --stage and --region', () => {
    expect(
      contextFromArgs([
        '--stage',
        'prod',
        '-c',
        'mailFrom=a@b.jp',
        '--context=launchGate=true',
        '--require-approval',
        'never',
      ]),
    ).toEqual({
      context: { stage: 'prod', mailFrom: 'a@b.jp', launchGate: 'true' },
      rest: ['--require-approval', 'never'],
    });
    expect(() => contextFromArgs(['-c', 'stage'])).toThrow(/key=value/);
  });
});

/** Clients of one account, each answering as the test says (aws-sdk-client-mock). */
function mockedAccount() {
  const config = { region: 'ap-northeast-1', credentials: { accessKeyId: 'test', secretAccessKey: 'test' } };
  const regional = <C>(make: (region: string) => C) => {
    const made = new Map<string, C>();
    return (region: string) => {
      if (!made.has(region)) made.set(region, make(region));
      return made.get(region)!;
    };
  };
  const cloudformation = regional((region) => new CloudFormationClient({ ...config, region }));
  const secrets = regional((region) => new SecretsManagerClient({ ...config, region }));
  const clients: PreflightClients = {
    sts: new STSClient(config),
    cloudformation,
    secrets,
    serviceQuotas: new ServiceQuotasClient(config),
    lambda: new LambdaClient(config),
    dynamodb: new DynamoDBClient(config),
    sesv2: new SESv2Client(config),
    cloudfront: new CloudFrontClient({ ...config, region: 'us-east-1' }),
  };
  const mocks = {
    sts: mockClient(clients.sts),
    cloudformation: {
      'ap-northeast-1': mockClient(cloudformation('ap-northeast-1')),
      'us-east-1': mockClient(cloudformation('us-east-1')),
    },
    secrets: {
      'ap-northeast-1': mockClient(secrets('ap-northeast-1')),
      'us-east-1': mockClient(secrets('us-east-1')),
    },
    serviceQuotas: mockClient(clients.serviceQuotas),
    lambda: mockClient(clients.lambda),
    dynamodb: mockClient(clients.dynamodb),
    sesv2: mockClient(clients.sesv2),
    cloudfront: mockClient(clients.cloudfront),
  };
  return { clients, mocks };
}

const notExists = (name: string) =>
  Object.assign(new Error(`Stack with id ${name} does not exist`), { name: 'ValidationError' });

/**
 * A brand-new account as AWS gives it: credentials and nothing else. No bootstrap, no stack, no
 * distribution, no function; Lambda applies 10 concurrent executions while Service Quotas shows the
 * default 1,000; DynamoDB's default table quota; SES in the sandbox without an identity; no secret.
 */
function newAccount() {
  const { clients, mocks } = mockedAccount();
  mocks.sts
    .on(GetCallerIdentityCommand)
    .resolves({ Account: account, Arn: `arn:aws:iam::${account}:user/deployer` });
  for (const cloudformation of Object.values(mocks.cloudformation))
    cloudformation
      .on(DescribeStacksCommand)
      .callsFake((input: { StackName: string }) => Promise.reject(notExists(input.StackName)));
  mocks.serviceQuotas
    .on(GetServiceQuotaCommand)
    .resolves({ Quota: { QuotaCode: 'L-B99A9384', Value: 1_000 } });
  mocks.lambda
    .on(GetAccountSettingsCommand)
    .resolves({ AccountLimit: { ConcurrentExecutions: 10, UnreservedConcurrentExecutions: 10 } });
  mocks.lambda.on(ListFunctionsCommand).resolves({ Functions: [] });
  mocks.dynamodb.on(DescribeLimitsCommand).resolves({
    AccountMaxReadCapacityUnits: 80_000,
    AccountMaxWriteCapacityUnits: 80_000,
    TableMaxReadCapacityUnits: 40_000,
    TableMaxWriteCapacityUnits: 40_000,
  });
  mocks.sesv2.on(GetAccountCommand).resolves({
    ProductionAccessEnabled: false,
    SendingEnabled: true,
    EnforcementStatus: 'HEALTHY',
    SendQuota: { Max24HourSend: 200, MaxSendRate: 1, SentLast24Hours: 0 },
  });
  mocks.sesv2
    .on(GetEmailIdentityCommand)
    .rejects(
      new NotFoundException({ message: 'Email identity golf.example.jp does not exist.', $metadata: {} }),
    );
  mocks.cloudfront
    .on(ListDistributionsCommand)
    .resolves({ DistributionList: { Quantity: 0, MaxItems: 1, IsTruncated: false, Marker: '' } });
  for (const secrets of Object.values(mocks.secrets)) {
    secrets.on(GetSecretValueCommand).rejects(
      new ResourceNotFoundException({
        message: "Secrets Manager can't find the specified secret.",
        $metadata: {},
      }),
    );
    secrets.on(DescribeSecretCommand).rejects(
      new ResourceNotFoundException({
        message: "Secrets Manager can't find the specified secret.",
        $metadata: {},
      }),
    );
  }
  return { clients, mocks };
}

const prodContext = {
  stage: 'prod',
  mailFrom: 'no-reply@golf.example.jp',
  socialProviders: 'google',
};

describe('npm run preflight against a new account (AWS answers mocked)', () => {
  it('reads every fact with the caller’s credentials, as a new account answers them', async () => {
    const { clients } = newAccount();
    const plan = planOf(prodContext);
    const read = await gatherFacts(plan, clients);
    expect(read).toEqual({
      identity: { account, arn: `arn:aws:iam::${account}:user/deployer` },
      bootstrap: { 'ap-northeast-1': undefined, 'us-east-1': undefined },
      stacks: Object.fromEntries(plan.stacks.map((stack) => [stack.name, undefined])),
      lambda: { concurrencyQuota: 1_000, concurrencyLimit: 10, largestMemoryMb: undefined },
      dynamodb: { tableMaxReadUnits: 40_000, tableMaxWriteUnits: 40_000 },
      ses: {
        productionAccess: false,
        sendingEnabled: true,
        enforcementStatus: 'HEALTHY',
        maxSendRate: 1,
        max24HourSend: 200,
      },
      mailIdentity: { exists: false },
      cloudfront: { distributions: 0 },
      secrets: { 'golf-prod/social/google': { state: 'missing' } },
      stackSecrets: { 'golf-prod/origin-verify': 'missing', 'golf-prod/arrival-receipt-key': 'missing' },
    });
  });

  it('prints the to-do list of a new account and exits 1 for its blockers: the bootstrap of both regions and the provider’s secret', async () => {
    const { clients } = newAccount();
    const printed: string[] = [];
    const code = await runPreflight(prodContext, clients, (text) => printed.push(text));
    expect(code).toBe(1);
    const lines = printed.join('\n').split('\n');
    const status = (label: string) =>
      lines.filter((line) => line.startsWith(label)).map((line) => line.slice(9, line.indexOf(':')));
    expect(status('BLOCKER')).toEqual([
      'CDK bootstrap in ap-northeast-1',
      'CDK bootstrap in us-east-1',
      'Secret golf-prod/social/google',
    ]);
    expect(status('TO DO')).toEqual([
      'CloudFront',
      'Lambda concurrent executions in ap-northeast-1',
      'DynamoDB table throughput quota in ap-northeast-1',
      'SES sending in ap-northeast-1',
      'SES identity golf.example.jp',
    ]);
    expect(status('OK')).toEqual([
      'AWS account',
      'Stacks of stage prod',
      'Lambda function memory in ap-northeast-1',
    ]);
    expect(lines[0]).toBe('Pre-flight of stage prod (ap-northeast-1 and us-east-1)');
    expect(lines.at(-1)).toBe(
      '3 blockers: the deploy would fail or the site would not work. Fix them and run npm run preflight again.',
    );
  });

  it('passes once the account is bootstrapped and the secret exists, leaving the new account’s to-dos', async () => {
    const { clients, mocks } = newAccount();
    for (const cloudformation of Object.values(mocks.cloudformation))
      cloudformation.on(DescribeStacksCommand, { StackName: 'CDKToolkit' }).resolves({
        Stacks: [
          {
            StackName: 'CDKToolkit',
            StackStatus: 'CREATE_COMPLETE',
            CreationTime: new Date(0),
            Outputs: [{ OutputKey: 'BootstrapVersion', OutputValue: '28' }],
          } as Stack,
        ],
      });
    mocks.secrets['ap-northeast-1']
      .on(GetSecretValueCommand, { SecretId: 'golf-prod/social/google' })
      .resolves({ SecretString: JSON.stringify({ clientId: 'id', clientSecret: 'secret' }) });
    const printed: string[] = [];
    expect(await runPreflight(prodContext, clients, (text) => printed.push(text))).toBe(0);
    expect(printed.join('\n')).toMatch(/No blocker; 5 to-dos above \(docs\/deploy\.md\)\.$/);
    // The secret's value is read to check its fields, never printed.
    expect(printed.join('\n')).not.toContain('"clientSecret":"secret"');
  });

  it('finds what a failed first deploy left: the rolled-back data stack’s retained table and buckets', async () => {
    const { clients, mocks } = newAccount();
    mocks.cloudformation['ap-northeast-1']
      .on(DescribeStacksCommand, { StackName: 'Golf-prod-Data' })
      .resolves({
        Stacks: [
          {
            StackName: 'Golf-prod-Data',
            StackStatus: 'ROLLBACK_COMPLETE',
            CreationTime: new Date(0),
          } as Stack,
        ],
      });
    mocks.cloudformation['ap-northeast-1'].on(ListStackResourcesCommand).resolves({
      StackResourceSummaries: [
        {
          LogicalResourceId: 'TableCD117FA1',
          ResourceType: 'AWS::DynamoDB::GlobalTable',
          PhysicalResourceId: 'Golf-prod-Data-TableCD117FA1-XYZ',
          ResourceStatus: 'DELETE_SKIPPED',
          LastUpdatedTimestamp: new Date(0),
        },
        {
          LogicalResourceId: 'Uploads1E6B1D1B',
          ResourceType: 'AWS::S3::Bucket',
          PhysicalResourceId: 'golf-prod-data-uploads1e6b1d1b-abc',
          ResourceStatus: 'DELETE_SKIPPED',
          LastUpdatedTimestamp: new Date(0),
        },
        {
          LogicalResourceId: 'UploadsCdnE3E7F6AB',
          ResourceType: 'AWS::CloudFront::Distribution',
          ResourceStatus: 'CREATE_FAILED',
          LastUpdatedTimestamp: new Date(0),
        },
      ],
    });
    const read = await gatherFacts(planOf(prodContext), clients);
    expect(read.stacks['Golf-prod-Data']).toEqual({
      status: 'ROLLBACK_COMPLETE',
      retained: [
        { type: 'AWS::DynamoDB::GlobalTable', id: 'Golf-prod-Data-TableCD117FA1-XYZ' },
        { type: 'AWS::S3::Bucket', id: 'golf-prod-data-uploads1e6b1d1b-abc' },
      ],
    });
  });

  it('reports a check it may not make as a to-do, and goes on with the others', async () => {
    const { clients, mocks } = newAccount();
    const denied = Object.assign(new Error('User is not authorized to perform: ses:GetAccount'), {
      name: 'AccessDeniedException',
    });
    mocks.sesv2.on(GetAccountCommand).rejects(denied);
    mocks.secrets['ap-northeast-1'].on(GetSecretValueCommand).rejects(
      new InvalidRequestException({
        message: 'You can’t perform this operation on the secret because it was marked for deletion.',
        $metadata: {},
      }),
    );
    const read = await gatherFacts(planOf(prodContext), clients);
    expect(read.ses).toEqual({
      failed: 'AccessDeniedException: User is not authorized to perform: ses:GetAccount',
    });
    expect(checkSesAccount(planOf(prodContext), read).verdict).toBe('todo');
    expect(read.secrets['golf-prod/social/google']).toEqual({ state: 'deleted' });
  });

  it('without credentials, says only that: every other call failed for the same reason', async () => {
    const { clients, mocks } = newAccount();
    mocks.sts.on(GetCallerIdentityCommand).rejects(
      Object.assign(new Error('Could not load credentials from any providers'), {
        name: 'CredentialsProviderError',
      }),
    );
    const printed: string[] = [];
    expect(await runPreflight(prodContext, clients, (text) => printed.push(text))).toBe(1);
    expect(
      printed
        .join('\n')
        .split('\n')
        .filter((line) => /^(OK|TO DO|BLOCKER)/.test(line)),
    ).toEqual([
      'BLOCKER  AWS account: No usable AWS credentials (CredentialsProviderError: Could not load credentials from any providers). Sign in (aws sso login, or AWS_PROFILE=<profile>) and check with aws sts get-caller-identity.',
    ]);
  });

  it('stops at a setting the deploy would refuse, with exit code 2', async () => {
    const printed: string[] = [];
    expect(
      await runPreflight({ stage: 'local' }, mockedAccount().clients, (text) => printed.push(text)),
    ).toBe(2);
    expect(printed.join('\n')).toContain('stage local is for LocalStack only');
  });
});
