import { resolve } from 'node:path';
import { buildSync } from 'esbuild';
import type { AwsAccess } from '../../shared/src/contracts';
import { repositoryRoot } from './paths';

/** The AWS services a function may be granted; each comes from one adapter in functions/src/lib. */
export type AwsService = 'dynamodb' | 's3' | 'ses' | 'cognito' | 'lambda';

const servicesByPackage: Record<string, AwsService | null> = {
  '@aws-sdk/client-dynamodb': 'dynamodb',
  '@aws-sdk/lib-dynamodb': 'dynamodb',
  '@aws-sdk/util-dynamodb': 'dynamodb',
  '@aws-sdk/client-s3': 's3',
  '@aws-sdk/s3-presigned-post': 's3',
  '@aws-sdk/s3-request-presigner': 's3',
  '@aws-sdk/lib-storage': 's3',
  '@aws-sdk/client-sesv2': 'ses',
  '@aws-sdk/client-ses': 'ses',
  '@aws-sdk/client-cognito-identity-provider': 'cognito',
  // The origin lock's secret: granted to every API function by the API stack, never declared.
  '@aws-sdk/client-secrets-manager': null,
  '@aws-sdk/client-lambda': 'lambda',
  '@aws-sdk/types': null,
};

const packageName = (specifier: string) => specifier.split('/').slice(0, 2).join('/');

/**
 * The AWS services each handler module reaches, read from the bundler's own import graph (the
 * same resolution the Lambda bundles use), so a function's IAM grants follow its code. Only
 * adapters import SDK clients; an SDK package this table does not know stops the synth.
 */
export function awsServicesByEntry(entries: readonly string[]): Map<string, Set<AwsService>> {
  const { metafile } = buildSync({
    absWorkingDir: repositoryRoot,
    entryPoints: [...entries],
    bundle: true,
    write: false,
    metafile: true,
    outdir: 'aws-sdk-usage',
    platform: 'node',
    format: 'esm',
    mainFields: ['module', 'main'],
    // Third-party packages are not followed (only our adapters talk to AWS), which keeps this fast;
    // the workspace packages are our code, so they are.
    packages: 'external',
    alias: { '@golf/shared': './shared/src', '@golf/functions': './functions/src' },
    logLevel: 'silent',
  });
  const usage = new Map<string, Set<AwsService>>();
  for (const output of Object.values(metafile.outputs)) {
    if (!output.entryPoint) continue;
    const entry = resolve(repositoryRoot, output.entryPoint);
    const services = new Set<AwsService>();
    for (const imported of output.imports) {
      if (!imported.external || !imported.path.startsWith('@aws-sdk/')) continue;
      const name = packageName(imported.path);
      const service = servicesByPackage[name];
      if (service === undefined) {
        throw new Error(
          `${output.entryPoint} imports ${name}: add it to infra/lib/aws-sdk-usage.ts and grant its access`,
        );
      }
      if (service) services.add(service);
    }
    usage.set(entry, services);
  }
  return usage;
}

/** The services an access declaration names. */
export function declaredServices(aws: AwsAccess): Set<AwsService> {
  const services = new Set<AwsService>();
  if (aws.table !== 'none') services.add('dynamodb');
  if (aws.uploads?.length) services.add('s3');
  if (aws.userPool?.length) services.add('cognito');
  if (aws.mail) services.add('ses');
  if (aws.startsRankingJob) services.add('lambda');
  return services;
}

/**
 * A declaration may only name services the function's code reaches: access to a service the code
 * cannot call is a grant nobody needs, and stops the synth.
 */
export function checkDeclaration(name: string, aws: AwsAccess, reachable: ReadonlySet<AwsService>): void {
  const unused = [...declaredServices(aws)].filter((service) => !reachable.has(service));
  if (unused.length > 0) {
    throw new Error(`${name} declares ${unused.join(', ')} access that its code never reaches`);
  }
}
