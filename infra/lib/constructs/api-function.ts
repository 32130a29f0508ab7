import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Duration } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';

export const repositoryRoot = join(import.meta.dirname, '../../..');

/**
 * One Lambda for one handler module: Node 20 on arm64, ESM bundle built by the local esbuild
 * (never Docker), JSON logs. A missing handler file fails the synth: the route table and the
 * code cannot drift apart unnoticed.
 */
export class ApiFunction extends Construct {
  readonly function: NodejsFunction;

  constructor(scope: Construct, id: string, props: { handler: string; environment: Record<string, string> }) {
    super(scope, id);
    const entry = join(repositoryRoot, 'functions/src/handlers', `${props.handler}.ts`);
    if (!existsSync(entry)) throw new Error(`route handler ${props.handler} has no file at ${entry}`);
    this.function = new NodejsFunction(this, 'Function', {
      entry,
      handler: 'handler',
      runtime: lambda.Runtime.NODEJS_20_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: 512,
      timeout: Duration.seconds(10),
      loggingFormat: lambda.LoggingFormat.JSON,
      logGroup: new logs.LogGroup(this, 'Logs', { retention: logs.RetentionDays.ONE_MONTH }),
      environment: { NODE_OPTIONS: '--enable-source-maps', ...props.environment },
      depsLockFilePath: join(repositoryRoot, 'package-lock.json'),
      projectRoot: repositoryRoot,
      bundling: {
        format: OutputFormat.ESM,
        minify: true,
        sourceMap: true,
        target: 'node20',
        mainFields: ['module', 'main'],
        forceDockerBundling: false,
        banner: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);",
        externalModules: ['@aws-sdk/*'],
      },
    });
  }
}
