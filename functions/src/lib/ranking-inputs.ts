import { gunzipSync, gzipSync } from 'node:zlib';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { RANKING_INPUTS_PREFIX } from '@golf/shared/contracts';
import { config } from './config';
import { isMissingObject, s3 } from './s3-client';

/**
 * The ranking job's own inputs in the uploads bucket, under a prefix the CDN never serves
 * (infra/lib/stacks/data-stack.ts): only the job writes there (bytes it made itself, nobody else's);
 * the prize draw's routes may read its frozen teams.
 */
const rankingInputKey = (name: string) => `${RANKING_INPUTS_PREFIX}${name}`;

/** Reads of an input before the one whose body is cut off fails the caller. */
const READ_ATTEMPTS = 3;

/**
 * An answer whose body ended before its length: the connection closed in the middle of it. The SDK
 * tries a request again, not a body it has begun to stream; an object replaced while it is read
 * can end so on s3rver, whose writes are not atomic as S3's are.
 */
const isCutOff = (error: unknown) =>
  (error as { code?: string }).code === 'ECONNRESET' || (error as Error).message === 'aborted';

/** The stored bytes, or null when there are none (S3 answers 403 for a missing key without ListBucket). */
export async function readRankingInput(name: string): Promise<Uint8Array | null> {
  for (let attempt = 1; ; attempt++) {
    try {
      const object = await s3().send(
        new GetObjectCommand({ Bucket: config().UPLOADS_BUCKET, Key: rankingInputKey(name) }),
      );
      return await object.Body!.transformToByteArray();
    } catch (error) {
      if (isMissingObject(error)) return null;
      if (attempt >= READ_ATTEMPTS || !isCutOff(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

export async function writeRankingInput(name: string, body: Uint8Array, contentType: string): Promise<void> {
  await s3().send(
    new PutObjectCommand({
      Bucket: config().UPLOADS_BUCKET,
      Key: rankingInputKey(name),
      Body: body,
      ContentType: contentType,
    }),
  );
}

/** An input the job keeps: JSON, gzip'd, with its format. */
export const encodeKept = (value: { format: number }) => gzipSync(JSON.stringify(value));

/**
 * A kept input read back: null when it is of another format or cannot be read (cut short, not
 * gzip, not JSON), so that the run makes it again instead of failing on it every time.
 */
export function decodeKept<T extends { format: number }>(bytes: Uint8Array, format: T['format']): T | null {
  try {
    const parsed = JSON.parse(gunzipSync(bytes).toString('utf8')) as Partial<T> | null;
    return parsed?.format === format ? (parsed as T) : null;
  } catch {
    return null;
  }
}
