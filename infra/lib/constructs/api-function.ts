import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ArnFormat, Duration, Stack } from 'aws-cdk-lib';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import type { BuildOptions } from 'esbuild';
import { RANKING_INPUTS_PREFIX, type AwsAccess } from '@golf/shared/contracts';
import { tableGrants } from '@golf/shared/aws-access';
import type { DeployedVariable } from '@golf/shared/function-environment';
import { tableKeys } from '@golf/functions/db/table-definition';
import { packagesByEntry } from '../aws-sdk-usage';
import { installedPackages, lambdaPlatformInstall } from '../lambda-packages';
import { handlerEntry, repositoryRoot } from '../paths';

/** One runtime for every function; the bundle targets the same Node.js version (both change together). */
const functionRuntime = lambda.Runtime.NODEJS_22_X;
const bundleTarget = 'node22';
// CommonJS dependencies call require(), which an ES module does not have.
const requireBanner =
  "import { createRequire } from 'module'; const require = createRequire(import.meta.url);";

/**
 * Credential sources a function in AWS never reaches: Lambda gives it the role's credentials in its
 * environment, the first source the SDK's chain reads. The chain imports the others dynamically, only
 * when the environment has none, so they stay out of the bundles (a quarter of a small bundle, which
 * every cold start parses); were one ever needed, Node 22 on Lambda resolves it from the SDK the
 * runtime ships.
 */
export const unbundledCredentialSources = [
  '@aws-sdk/credential-provider-ini',
  '@aws-sdk/credential-provider-sso',
  '@aws-sdk/credential-provider-process',
  '@aws-sdk/credential-provider-web-identity',
  '@aws-sdk/credential-provider-login',
  '@aws-sdk/credential-provider-http',
  '@smithy/credential-provider-imds',
  '@aws-sdk/token-providers',
  '@aws-sdk/nested-clients',
];

/** The esbuild options every bundle is built with (npm run bench:bundles builds the same). */
export const bundleOptions = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  minify: true,
  target: bundleTarget,
  mainFields: ['module', 'main'],
  banner: { js: requireBanner },
  external: unbundledCredentialSources,
  // A map beside the bundle, without the sources, so that logged stack traces name our files.
  sourcemap: true,
  sourcesContent: false,
} satisfies BuildOptions;
/** Node reads each bundle's map at import (a cold-start cost npm run bench:bundles measures). */
export const functionNodeOptions = '--enable-source-maps';

/** The packages an entry module's code imports that are installed next to its bundle. */
export const installedPackagesOf = (entry: string): string[] => {
  const packages = packagesByEntry([entry]).get(entry)!;
  return installedPackages.filter((name) => packages.has(name));
};

/**
 * Reading one secret by its name: Secrets Manager adds six characters to a secret's name in its ARN.
 * For secrets a function reads by name (created by another stack, or by the operator).
 */
export const readSecretStatement = (stack: Stack, secretName: string) =>
  new iam.PolicyStatement({
    actions: ['secretsmanager:GetSecretValue'],
    resources: [
      stack.formatArn({
        service: 'secretsmanager',
        resource: 'secret',
        resourceName: `${secretName}-??????`,
        arnFormat: ArnFormat.COLON_RESOURCE_NAME,
      }),
    ],
  });

/** What a function may be granted access to. */
export interface ApiResources {
  table: dynamodb.ITableV2;
  uploads: s3.IBucket;
  userPool: cognito.IUserPool;
  /** The only sender address the function may use, its SES identity and configuration set. */
  mailFrom: string;
  mailIdentityArn?: string;
  mailConfigurationSetArn?: string;
  /** The ranking job's function name (set on the job itself), which operator routes start. */
  rankingJobName?: string;
}

export interface ApiFunctionProps {
  /** Module under functions/src/handlers that exports `handler`. */
  handler: string;
  /** Another module that exports `handler` (scheduled jobs under functions/src/jobs). */
  entry?: string;
  /** Defaults: 512 MB and 10 s, for API calls. */
  memorySize?: number;
  timeout?: Duration;
  /** What the function may do: its route table row's `aws` (jobs and triggers declare their own). */
  aws: AwsAccess;
  /** Names from shared/src/function-environment.ts only; each caller types its object by `EnvironmentOf`. */
  environment: Partial<Record<DeployedVariable, string>>;
  /** What `aws` grants refer to; a function that declares no access (`table: 'none'`) needs none. */
  resources?: ApiResources;
  /** For jobs: retries of a failed run, and where a failed run goes (runs never overlap by their lease). */
  retryAttempts?: number;
  onFailure?: lambda.IDestination;
  /** A fixed name, for a function others invoke by name (the ranking job). */
  functionName?: string;
  /**
   * Files the code reads at run time (`package/path` under node_modules: a font) from a package
   * that is not installed next to the bundle, copied next to it, where the code looks for them first.
   */
  assets?: readonly string[];
}

/** Bundling hooks that copy run-time files from node_modules next to the bundle. */
function copyAssetsAfterBundling(assets: readonly string[]) {
  return {
    beforeBundling: () => [],
    beforeInstall: () => [],
    afterBundling: (inputDir: string, outputDir: string) =>
      assets.map((asset) => `cp "${join(inputDir, 'node_modules', asset)}" "${outputDir}/"`),
  };
}

/**
 * One Lambda for one handler module: arm64, a minified ESM bundle built by the local esbuild
 * (never Docker), JSON logs, and only the access its route and its code need. A missing handler
 * file fails the synth: the route table and the code cannot drift apart unnoticed.
 */
export class ApiFunction extends Construct {
  readonly function: NodejsFunction;

  constructor(scope: Construct, id: string, props: ApiFunctionProps) {
    super(scope, id);
    const entry = props.entry ?? handlerEntry(props.handler);
    if (!existsSync(entry)) throw new Error(`route handler ${props.handler} has no module at ${entry}`);

    const installed = installedPackagesOf(entry);

    // Kept for the stage's log retention, and traced by X-Ray (observability.ts, on the whole app).
    const logGroup = new logs.LogGroup(this, 'Logs');
    // Its own role: writing to its own log group and what the declaration names, no managed policy.
    const role = new iam.Role(this, 'Role', { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com') });
    logGroup.grantWrite(role);
    this.function = new NodejsFunction(this, 'Function', {
      role,
      entry,
      ...(props.functionName ? { functionName: props.functionName } : {}),
      handler: 'handler',
      runtime: functionRuntime,
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      loggingFormat: lambda.LoggingFormat.JSON,
      logGroup,
      ...(props.retryAttempts !== undefined ? { retryAttempts: props.retryAttempts } : {}),
      ...(props.onFailure ? { onFailure: props.onFailure } : {}),
      environment: { NODE_OPTIONS: functionNodeOptions, ...props.environment },
      depsLockFilePath: join(repositoryRoot, 'package-lock.json'),
      projectRoot: repositoryRoot,
      bundling: {
        format: OutputFormat.ESM,
        minify: bundleOptions.minify,
        sourceMap: bundleOptions.sourcemap,
        sourcesContent: bundleOptions.sourcesContent,
        target: bundleOptions.target,
        mainFields: bundleOptions.mainFields,
        forceDockerBundling: false,
        banner: bundleOptions.banner.js,
        // The SDK is bundled too: the version tested locally is the one that runs, not every package
        // (s3-presigned-post) ships with the runtime, and one bundle imports faster than the
        // runtime's copy (docs/performance.md); only the credential sources Lambda never uses are left out.
        externalModules: bundleOptions.external,
        ...(installed.length > 0
          ? { nodeModules: installed, environment: { ...lambdaPlatformInstall } }
          : {}),
        ...(props.assets?.length ? { commandHooks: copyAssetsAfterBundling(props.assets) } : {}),
      },
    });
    this.grant(props);
  }

  /** Exactly the declared access: item actions on the table and its indexes, named object and pool actions. */
  private grant({ aws, resources: given }: ApiFunctionProps) {
    const fn = this.function;
    const declared = Object.values(aws).some((value: unknown) =>
      Array.isArray(value) ? value.length > 0 : Boolean(value) && value !== 'none',
    );
    if (!given) {
      if (declared) throw new Error(`${this.node.path} declares AWS access but was given no resources`);
      return;
    }
    const resources = given;
    // The table and each of its indexes by name (no index/* wildcard); a route row's statements are
    // held to its partitions by dynamodb:LeadingKeys (docs/adr/0011-leading-keys.md).
    const table = resources.table.tableArn;
    const indexes = tableKeys.indexes.map((index) => `${table}/index/${index.name}`);
    for (const grant of tableGrants(aws)) {
      fn.addToRolePolicy(
        new iam.PolicyStatement({
          actions: grant.actions.map((action) => `dynamodb:${action}`),
          resources: grant.on === 'table' ? [table] : grant.on === 'indexes' ? indexes : [table, ...indexes],
          ...(grant.leadingKeys
            ? {
                conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...grant.leadingKeys] } },
              }
            : {}),
        }),
      );
    }
    if (aws.uploads?.length) {
      fn.addToRolePolicy(
        new iam.PolicyStatement({
          actions: aws.uploads.map((action) => `s3:${action}`),
          resources: [resources.uploads.arnForObjects('uploads/*')],
        }),
      );
    }
    if (aws.rankingInputs?.length) {
      fn.addToRolePolicy(
        new iam.PolicyStatement({
          actions: aws.rankingInputs.map((action) => `s3:${action}`),
          resources: [resources.uploads.arnForObjects(`${RANKING_INPUTS_PREFIX}*`)],
        }),
      );
    }
    if (aws.userPool?.length) {
      resources.userPool.grant(fn, ...aws.userPool.map((action) => `cognito-idp:${action}`));
    }
    if (aws.startsRankingJob) {
      if (!resources.rankingJobName) throw new Error('a function that starts the ranking job needs its name');
      fn.addToRolePolicy(
        new iam.PolicyStatement({
          actions: ['lambda:InvokeFunction'],
          resources: [
            Stack.of(this).formatArn({
              service: 'lambda',
              resource: 'function',
              resourceName: resources.rankingJobName,
              arnFormat: ArnFormat.COLON_RESOURCE_NAME,
            }),
          ],
        }),
      );
    }
    if (aws.mail) {
      if (!resources.mailIdentityArn || !resources.mailConfigurationSetArn) {
        throw new Error(`${this.node.path} sends mail but has no SES identity and configuration set`);
      }
      fn.addToRolePolicy(
        new iam.PolicyStatement({
          actions: ['ses:SendEmail'],
          resources: [resources.mailIdentityArn, resources.mailConfigurationSetArn],
          conditions: { StringEquals: { 'ses:FromAddress': resources.mailFrom } },
        }),
      );
    }
  }
}
