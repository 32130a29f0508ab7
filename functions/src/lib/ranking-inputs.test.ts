import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { readRankingInput } from './ranking-inputs';

const s3 = mockClient(S3Client);

/** An answer whose body fails as Node's HTTP client fails one the server closed in the middle. */
const cutOff = () => {
  const error = Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
  return { Body: { transformToByteArray: () => Promise.reject(error) } } as never;
};
const whole = (bytes: number[]) =>
  ({ Body: { transformToByteArray: () => Promise.resolve(Uint8Array.from(bytes)) } }) as never;

describe('readRankingInput', () => {
  afterEach(() => s3.reset());

  it('reads an input again when its body was cut off, and returns the whole one', async () => {
    s3.on(GetObjectCommand)
      .resolvesOnce(cutOff())
      .resolvesOnce(whole([1, 2, 3]));
    expect(await readRankingInput('teams/G/R1.json.gz')).toEqual(Uint8Array.from([1, 2, 3]));
    expect(s3.commandCalls(GetObjectCommand)).toHaveLength(2);
  });

  it('fails after three cut-off reads, and at once on any other failure', async () => {
    s3.on(GetObjectCommand).resolves(cutOff());
    await expect(readRankingInput('teams/G/R1.json.gz')).rejects.toThrow('aborted');
    expect(s3.commandCalls(GetObjectCommand)).toHaveLength(3);

    s3.reset();
    s3.on(GetObjectCommand).rejects(Object.assign(new Error('Access Denied'), { name: 'AccessDenied' }));
    await expect(readRankingInput('teams/G/R1.json.gz')).rejects.toThrow('Access Denied');
    expect(s3.commandCalls(GetObjectCommand)).toHaveLength(1);
  });

  it('is null when the input is not stored', async () => {
    s3.on(GetObjectCommand).rejects(
      Object.assign(new Error('NoSuchKey'), { name: 'NoSuchKey', $metadata: { httpStatusCode: 404 } }),
    );
    expect(await readRankingInput('teams/G/R1.json.gz')).toBeNull();

    // S3 answers 403 for a missing key to a caller without ListBucket.
    s3.reset();
    s3.on(GetObjectCommand).rejects(
      Object.assign(new Error('Access Denied'), { name: 'AccessDenied', $metadata: { httpStatusCode: 403 } }),
    );
    expect(await readRankingInput('teams/G/R1.json.gz')).toBeNull();
  });
});
