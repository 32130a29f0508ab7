import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { localStackAccount, localStackContext } from '../../infra/lib/config';
import { repositoryRoot } from '../local-stack/paths';

/**
 * `npm run deploy:localstack [-- stack names] [-- -c key=value]`: the same CDK app, stage `local`,
 * deployed with `cdklocal` (aws-cdk-local) to a LocalStack the developer runs (docs/localstack.md).
 * With no stack named, every stack is deployed, which needs the services LocalStack's community
 * edition does not emulate (CloudFront, WAF, Cognito); name the stacks your edition runs.
 */
const args = process.argv.slice(2);
const stacks = args.filter((arg, index) => !arg.startsWith('-') && !args[index - 1]?.startsWith('-c'));
const options = args.filter((arg) => !stacks.includes(arg));
const endpoint = process.env['AWS_ENDPOINT_URL'] ?? 'http://localhost:4566';
const env = {
  ...process.env,
  AWS_ENDPOINT_URL: endpoint,
  AWS_ENDPOINT_URL_S3:
    process.env['AWS_ENDPOINT_URL_S3'] ??
    endpoint.replace('://localhost', '://s3.localhost.localstack.cloud'),
  AWS_ACCESS_KEY_ID: process.env['AWS_ACCESS_KEY_ID'] ?? 'test',
  AWS_SECRET_ACCESS_KEY: process.env['AWS_SECRET_ACCESS_KEY'] ?? 'test',
  AWS_REGION: process.env['AWS_REGION'] ?? 'ap-northeast-1',
  AWS_ENVAR_ALLOWLIST: 'AWS_REGION,AWS_ACCESS_KEY_ID,AWS_SECRET_ACCESS_KEY',
  CDK_DEFAULT_ACCOUNT: localStackAccount,
};
const cdklocal = join(repositoryRoot, 'node_modules/.bin/cdklocal');
const context = Object.entries(localStackContext).flatMap(([key, value]) => ['-c', `${key}=${value}`]);

const run = (command: string[]) => {
  console.log(`$ cdklocal ${command.join(' ')}`);
  const result = spawnSync(cdklocal, command, { cwd: repositoryRoot, env, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

// The app's stacks live in the API's region and in us-east-1 (CloudFront's).
run([
  'bootstrap',
  `aws://${localStackAccount}/${env.AWS_REGION}`,
  `aws://${localStackAccount}/us-east-1`,
  ...context,
]);
run([
  'deploy',
  ...(stacks.length ? stacks : ['--all']),
  '--require-approval',
  'never',
  ...context,
  ...options,
]);
