import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import S3rver from 's3rver';
import { storageHeaders } from '../../shared/src/security-headers';
import { freePort } from './process-utils';

const corsConfiguration = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedMethod>POST</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

const s3rverAccount = (
  createRequire(import.meta.url)('s3rver/lib/models/account') as {
    DUMMY_ACCOUNT: {
      createKeyPair(accessKeyId: string, secretAccessKey: string): void;
      revokeAccessKey(accessKeyId: string): void;
    };
  }
).DUMMY_ACCOUNT;

type StorageMiddleware = (
  context: { set(name: string, value: string): void },
  next: () => Promise<void>,
) => Promise<void>;

export interface S3Local {
  endpoint: string;
  stop(): Promise<void>;
}

/** s3rver, an S3-compatible server, in this process: presigned POST and GET work as in S3. */
export async function startS3Local(options: {
  directory: string;
  bucket: string;
  port?: number;
  /** A key it takes (with itself as the secret) beside s3rver's own `S3RVER`. */
  accessKeyId?: string | undefined;
}): Promise<S3Local> {
  mkdirSync(options.directory, { recursive: true });
  const port = options.port ?? (await freePort());
  const server = new S3rver({
    port,
    address: '127.0.0.1',
    silent: true,
    directory: options.directory,
    vhostBuckets: false,
    configureBuckets: [{ name: options.bucket, configs: [corsConfiguration] }],
  });
  // The uploads CDN's response headers policy (nosniff, the storage CSP): s3rver is a Koa app, and
  // a middleware put first sets them on every answer, HTML share pages included.
  (server as unknown as { middleware: StorageMiddleware[] }).middleware.unshift(async (context, next) => {
    await next();
    for (const [name, value] of Object.entries(storageHeaders())) context.set(name, value);
  });
  // s3rver knows the keys of one account, its own; the stack's clients sign with the key of their
  // database on the run's DynamoDB Local (scripts/local-stack/dynamodb-local.ts), added to it.
  if (options.accessKeyId) s3rverAccount.createKeyPair(options.accessKeyId, options.accessKeyId);
  await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: async () => {
      await server.close();
      if (options.accessKeyId) s3rverAccount.revokeAccessKey(options.accessKeyId);
    },
  };
}
