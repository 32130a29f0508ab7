import { S3Client } from '@aws-sdk/client-s3';
import { guardClient } from './aws-access';
import { config } from './config';

let client: S3Client | undefined;
let clientFor: string | undefined;

/** Module-level client; rebuilt only when the endpoint changes (tests re-read the environment). */
export function s3(): S3Client {
  const signature = `${process.env['AWS_ENDPOINT_URL_S3'] ?? ''}|${config().S3_FORCE_PATH_STYLE}`;
  if (!client || clientFor !== signature) {
    client = guardClient('s3', new S3Client({ forcePathStyle: config().S3_FORCE_PATH_STYLE }));
    clientFor = signature;
  }
  return client;
}

/**
 * Whether a GetObject failed because the object is not there: 404 (NoSuchKey), or 403, which S3
 * answers for a missing key to a caller without ListBucket on the bucket.
 */
export function isMissingObject(error: unknown): boolean {
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return status === 404 || status === 403 || (error as Error).name === 'NoSuchKey';
}
