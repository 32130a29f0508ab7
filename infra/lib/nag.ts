import type { Stack } from 'aws-cdk-lib';
import { NagSuppressions } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import type { InfraConfig } from './config';
import type { ApiStack } from './stacks/api-stack';
import type { AuthStack } from './stacks/auth-stack';
import type { DataStack } from './stacks/data-stack';
import type { EdgeStack } from './stacks/edge-stack';
import type { JobsStack } from './stacks/jobs-stack';
import type { WebStack } from './stacks/web-stack';

interface Parts {
  config: InfraConfig;
  edge: EdgeStack;
  data: DataStack;
  auth: AuthStack;
  api: ApiStack;
  jobs: JobsStack;
  web: WebStack;
}

const acknowledge = (construct: IConstruct, id: string, reason: string, appliesTo?: string[]) =>
  NagSuppressions.addResourceSuppressions(
    construct,
    [{ id, reason, ...(appliesTo ? { appliesTo: appliesTo.map((regex) => ({ regex })) } : {}) }],
    true,
  );

/**
 * Every AwsSolutions finding the app keeps on purpose, each with its reason. Anything else the
 * checks find is an error that stops `npm run synth` and fails infra/test/nag.test.ts.
 */
export function acknowledgeFindings({ config, edge, data, auth, api, jobs, web }: Parts): void {
  const functionStacks: Stack[] = [auth, api, ...Object.values(api.routeStacks), jobs, web];
  for (const stack of functionStacks) {
    acknowledge(
      stack,
      'AwsSolutions-L1',
      'Every function runs nodejs22.x, the LTS the project builds and tests against (infra/lib/constructs/api-function.ts); CDK’s own bucket-deployment provider picks its runtime itself',
    );
  }
  for (const routes of Object.values(api.routeStacks)) {
    acknowledge(
      routes,
      'AwsSolutions-APIG4',
      'Every route has a Lambda authorizer (the gate of docs/adr/0010-api-gate.md); the public ones (rankings, schedules, masters, sign-in and sign-up) check only the origin header, user and operator routes the access token too (checked per route in infra/test/stacks.test.ts)',
    );
    acknowledge(
      routes,
      'AwsSolutions-IAM5',
      'Uploaded images get a new key per upload under uploads/{purpose}/{user}/; the grant is that prefix and the actions the route declares',
      ['/^Resource::.*\\/uploads\\/\\*$/'],
    );
    acknowledge(
      routes,
      'AwsSolutions-IAM5',
      'The prize draw and its preview read the ranking job’s frozen teams, one object per tournament round under ranking-inputs/: the grant is that prefix and GetObject only',
      ['/^Resource::.*\\/ranking-inputs\\/\\*$/'],
    );
  }
  for (const job of jobs.jobs) {
    acknowledge(job.failures, 'AwsSolutions-SQS3', 'This queue is the dead-letter queue of its job');
  }
  acknowledge(
    jobs,
    'AwsSolutions-IAM5',
    'The ranking job keeps one object per tournament round (its frozen teams) under ranking-inputs/, which the CDN may not read; the grant is that prefix and GetObject and PutObject',
    ['/^Resource::.*\\/ranking-inputs\\/\\*$/'],
  );
  acknowledge(
    edge.originSecret,
    'AwsSolutions-SMG4',
    'Rotated every 30 days by the rotation schedule of the web stack, beside the distribution whose origin header the rotation changes (cdk-nag looks for the schedule in the secret’s own stack)',
  );
  acknowledge(
    api.arrivalReceiptKey,
    'AwsSolutions-SMG4',
    'The key of arrival receipts, which live 30 s: replaced by hand with put-secret-value (docs/operations.md); the functions check receipts with its current and previous values and read it again every 5 minutes, so a rotation Lambda would add nothing',
  );
  acknowledge(
    web.originRotation.function.role!,
    'AwsSolutions-IAM5',
    'Secrets Manager’s GetRandomPassword has no resource to scope to: the rotation draws the new value with it',
    ['/^Resource::\\*$/'],
  );
  for (const logs of [data.accessLogs, web.accessLogs]) {
    acknowledge(logs, 'AwsSolutions-S1', 'This bucket is where the access logs go');
  }
  if (!config.certificateArn) {
    acknowledge(
      web.distribution,
      'AwsSolutions-CFR4',
      'Without a custom domain the distribution serves the default *.cloudfront.net certificate, whose TLS policy CloudFront fixes; with domainName and certificateArn it requires TLS 1.2 (2021)',
    );
  }
  acknowledge(
    data.uploadsCdn,
    'AwsSolutions-CFR4',
    'The uploads CDN serves public images on its default *.cloudfront.net certificate, whose TLS policy CloudFront fixes',
  );
  acknowledge(
    auth.userPool,
    'AwsSolutions-COG1',
    'Passwords follow the game’s rule (10 characters or more, none of the common and breached ones; shared/src/schemas, functions/src/domain/account/password-rules.ts), checked by the API before the pool sees them; composition rules are left out as NIST SP 800-63B asks; the hosted pages offer social sign-in only',
  );
  acknowledge(
    auth.userPool,
    'AwsSolutions-COG2',
    'MFA is optional in the pool and required where it matters: every operator sets up a TOTP app before any operator route answers, and the API checks each operator session passed it (docs/adr/0026-operators-second-factor.md); players, who hold no one else’s data, sign in with a password checked against common ones, or with a provider',
  );
  acknowledge(
    auth.userPool,
    'AwsSolutions-COG8',
    'The Plus plan (threat protection) is priced per active user; the API rate-limits sign-in, sign-up and mails per address and network address itself',
  );
  const bucketDeployment = web.node
    .findAll()
    .filter((node) => node.node.id.startsWith('Custom::CDKBucketDeployment'));
  for (const provider of bucketDeployment) {
    acknowledge(
      provider,
      'AwsSolutions-IAM4',
      'CDK’s bucket-deployment provider, which copies the built site into its bucket, uses the basic execution role',
    );
    acknowledge(
      provider,
      'AwsSolutions-IAM5',
      'CDK’s bucket-deployment provider reads the deployment asset and replaces the site bucket’s objects: its grants are on those two buckets',
    );
  }
}
