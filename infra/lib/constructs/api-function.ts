import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Duration, Stack } from 'aws-cdk-lib';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import type { AwsService } from '../aws-sdk-usage';
import { handlerEntry, repositoryRoot } from '../paths';

/**
 * One runtime for every function; the bundle targets the same Node.js version. Node 20 is the
 * project's chosen runtime; AWS stops creating nodejs20.x functions on 2027-02-01, so moving to
 * a newer runtime is due before then (both constants change together).
 */
export const functionRuntime = lambda.Runtime.NODEJS_20_X;
const bundleTarget = 'node20';

/** What a function may be granted access to. */
export interface ApiResources {
  table: dynamodb.ITableV2;
  uploads: s3.IBucket;
  userPool: cognito.IUserPool;
  /** The only sender address the function may use. */
  mailFrom: string;
}

export interface ApiFunctionProps {
  /** Module under functions/src/handlers that exports `handler`. */
  handler: string;
  /** Another module that exports `handler` (scheduled jobs under functions/src/jobs). */
  entry?: string;
  /** Defaults: 512 MB and 10 s, for API calls. */
  memorySize?: number;
  timeout?: Duration;
  /** `read` for routes that only read (public GETs); every other route may write. */
  tableAccess: 'read' | 'readWrite';
  /** The services the handler's code reaches beyond the table (see aws-sdk-usage.ts). */
  services: ReadonlySet<AwsService>;
  environment: Record<string, string>;
  resources: ApiResources;
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

    this.function = new NodejsFunction(this, 'Function', {
      entry,
      handler: 'handler',
      runtime: functionRuntime,
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      loggingFormat: lambda.LoggingFormat.JSON,
      logGroup: new logs.LogGroup(this, 'Logs', { retention: logs.RetentionDays.ONE_MONTH }),
      environment: { NODE_OPTIONS: '--enable-source-maps', ...props.environment },
      depsLockFilePath: join(repositoryRoot, 'package-lock.json'),
      projectRoot: repositoryRoot,
      bundling: {
        format: OutputFormat.ESM,
        minify: true,
        sourceMap: true,
        sourcesContent: false,
        target: bundleTarget,
        mainFields: ['module', 'main'],
        forceDockerBundling: false,
        // CommonJS dependencies call require(), which an ES module does not have.
        banner: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);",
        // The SDK is bundled too: the version tested locally is the one that runs, and not every
        // package (s3-presigned-post) ships with the runtime.
        externalModules: [],
      },
    });
    this.grant(props);
  }

  private grant({ tableAccess, services, resources }: ApiFunctionProps) {
    const fn = this.function;
    if (tableAccess === 'read') resources.table.grantReadData(fn);
    else resources.table.grantReadWriteData(fn);
    if (services.has('s3')) resources.uploads.grantReadWrite(fn, 'uploads/*');
    if (services.has('ses')) {
      const stack = Stack.of(this);
      fn.addToRolePolicy(
        new iam.PolicyStatement({
          actions: ['ses:SendEmail'],
          resources: [stack.formatArn({ service: 'ses', resource: 'identity', resourceName: '*' })],
          conditions: { StringEquals: { 'ses:FromAddress': resources.mailFrom } },
        }),
      );
    }
    // Server-side user management (sign-up, password, groups) uses the admin API of our pool only,
    // and ListUsers to find a pool user by address or sub.
    if (services.has('cognito')) resources.userPool.grant(fn, 'cognito-idp:Admin*', 'cognito-idp:ListUsers');
  }
}
