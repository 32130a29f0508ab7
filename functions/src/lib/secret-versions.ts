import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { guardClient } from './aws-access';

/** The labels of a Secrets Manager secret's versions that a function may accept. */
export type SecretStage = 'AWSCURRENT' | 'AWSPREVIOUS' | 'AWSPENDING';

let client: SecretsManagerClient | undefined;

/**
 * One labelled version of a secret. A secret never replaced has no previous version, and none is
 * pending outside a rotation: those answer undefined; a missing current version is an error.
 */
export async function secretVersion(secretId: string, stage: SecretStage): Promise<string | undefined> {
  client ??= guardClient('secretsmanager', new SecretsManagerClient({}));
  try {
    const { SecretString } = await client.send(
      new GetSecretValueCommand({ SecretId: secretId, VersionStage: stage }),
    );
    return SecretString;
  } catch (error) {
    if (stage !== 'AWSCURRENT' && (error as Error).name === 'ResourceNotFoundException') return undefined;
    throw error;
  }
}

/** Forgets the client (tests that mock Secrets Manager afresh). */
export function resetSecretClient(): void {
  client = undefined;
}
