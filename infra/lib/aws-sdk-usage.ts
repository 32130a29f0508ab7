import { resolve } from 'node:path';
import { buildSync } from 'esbuild';
import type { AwsAccess } from '../../shared/src/contracts';
import { repositoryRoot } from './paths';

/** The AWS services a function may be granted; each comes from one client module in functions/src/lib or functions/src/adapters. */
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

const packageName = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** The third-party packages each module imports (its own import graph followed), by module path. */
const importedPackages = new Map<string, ReadonlySet<string>>();

/**
 * The third-party packages each entry module reaches, read from the bundler's own import graph (the
 * same resolution the Lambda bundles use). Third-party packages are not followed, which keeps this
 * fast; the workspace packages are our code, so they are. Each entry is read once per process.
 */
export function packagesByEntry(entries: readonly string[]): Map<string, ReadonlySet<string>> {
  const unread = entries.filter((entry) => !importedPackages.has(resolve(repositoryRoot, entry)));
  if (unread.length > 0) {
    const { metafile } = buildSync({
      absWorkingDir: repositoryRoot,
      entryPoints: unread,
      bundle: true,
      write: false,
      metafile: true,
      outdir: 'import-graph',
      platform: 'node',
      format: 'esm',
      mainFields: ['module', 'main'],
      packages: 'external',
      alias: { '@golf/shared': './shared/src', '@golf/functions': './functions/src' },
      logLevel: 'silent',
    });
    for (const output of Object.values(metafile.outputs)) {
      if (!output.entryPoint) continue;
      const packages = new Set(
        output.imports.filter((imported) => imported.external).map((imported) => packageName(imported.path)),
      );
      importedPackages.set(resolve(repositoryRoot, output.entryPoint), packages);
    }
  }
  return new Map(entries.map((entry) => [entry, importedPackages.get(resolve(repositoryRoot, entry))!]));
}

/**
 * The AWS services each handler module reaches, so a function's IAM grants follow its code. Only
 * adapters import SDK clients; an SDK package this table does not know stops the synth.
 */
export function awsServicesByEntry(entries: readonly string[]): Map<string, Set<AwsService>> {
  const usage = new Map<string, Set<AwsService>>();
  for (const [entry, packages] of packagesByEntry(entries)) {
    const services = new Set<AwsService>();
    for (const name of packages) {
      if (!name.startsWith('@aws-sdk/')) continue;
      const service = servicesByPackage[name];
      if (service === undefined) {
        throw new Error(
          `${entry} imports ${name}: add it to infra/lib/aws-sdk-usage.ts and grant its access`,
        );
      }
      if (service) services.add(service);
    }
    usage.set(resolve(repositoryRoot, entry), services);
  }
  return usage;
}

/** The services an access declaration names. */
function declaredServices(aws: AwsAccess): Set<AwsService> {
  const services = new Set<AwsService>();
  if (aws.table !== 'none') services.add('dynamodb');
  if (aws.uploads?.length || aws.rankingInputs?.length) services.add('s3');
  if (aws.userPool?.length) services.add('cognito');
  if (aws.mail) services.add('ses');
  if (aws.startsRankingJob || aws.startsReminderSenders) services.add('lambda');
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

/**
 * A route row with table access names the partitions it touches, so each of its table statements
 * carries a `dynamodb:LeadingKeys` condition; a row without them stops the synth.
 */
export function checkLeadingKeys(name: string, aws: AwsAccess): void {
  if (aws.table === 'none') return;
  const { read = [], write = [], index = [] } = aws.keys ?? {};
  if (read.length + write.length + index.length === 0)
    throw new Error(`${name} has table access but names no partition (aws.keys in its route row)`);
  if (aws.table === 'read' && write.length > 0)
    throw new Error(`${name} is read-only but names partitions it writes`);
}
