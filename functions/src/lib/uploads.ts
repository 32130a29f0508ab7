import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { ulid } from 'ulid';
import {
  UPLOAD_MAX_BYTES,
  uploadContentTypes,
  type PresignedUpload,
  type UploadPurpose,
} from '@golf/shared/schemas/guild';
import { checkAwsAction, guardClient } from './aws-access';
import { config } from './config';
import { validationFailed } from './errors';
import type { UploadedFile } from './multipart';

/**
 * Images (guild, profile) go from the browser straight to S3 with a presigned POST whose policy
 * limits type and size; the call that uses the image sends the object key, and `checkUploadedImage`
 * verifies the object before it is referenced. Direct multipart files go through `storeImageFile`.
 */
type ImageType = (typeof uploadContentTypes)[number];
const extensions: Record<ImageType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};
const PRESIGN_SECONDS = 300;

let client: S3Client | undefined;
let clientFor: string | undefined;

/** Module-level client; rebuilt only when the endpoint changes (tests re-read the environment). */
function s3(): S3Client {
  const signature = `${process.env['AWS_ENDPOINT_URL_S3'] ?? ''}|${config().S3_FORCE_PATH_STYLE}`;
  if (!client || clientFor !== signature) {
    client = guardClient('s3', new S3Client({ forcePathStyle: config().S3_FORCE_PATH_STYLE }));
    clientFor = signature;
  }
  return client;
}

export const uploadPrefix = (purpose: UploadPurpose, userId: string) =>
  `uploads/${purpose}/${encodeURIComponent(userId)}/`;

export const publicUrl = (key: string): string => `${config().UPLOADS_PUBLIC_URL}/${key}`;

const newKey = (purpose: UploadPurpose, userId: string, contentType: ImageType) =>
  `${uploadPrefix(purpose, userId)}${ulid()}.${extensions[contentType]}`;

export async function presignImageUpload(input: {
  purpose: UploadPurpose;
  userId: string;
  contentType: ImageType;
}): Promise<PresignedUpload> {
  // The browser sends the POST, with this function's right to PutObject.
  checkAwsAction('s3', 'PutObject');
  const key = newKey(input.purpose, input.userId, input.contentType);
  const { url, fields } = await createPresignedPost(s3(), {
    Bucket: config().UPLOADS_BUCKET,
    Key: key,
    Conditions: [
      ['content-length-range', 1, UPLOAD_MAX_BYTES],
      ['eq', '$Content-Type', input.contentType],
    ],
    Fields: { 'Content-Type': input.contentType },
    Expires: PRESIGN_SECONDS,
  });
  return { url, fields, key, max_bytes: UPLOAD_MAX_BYTES, expires_in: PRESIGN_SECONDS };
}

/** The image type its first bytes say, whatever the declared type. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const b = Buffer.from(bytes);
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP')
    return 'image/webp';
  return null;
}

const refuse = (field: string, message: string) => validationFailed({ [field]: [message] }, message);

/**
 * Checks an uploaded object before it is used: under the caller's own prefix, present, at most
 * 5 MB, an allowed content type, and bytes that really are that image type.
 */
export async function checkUploadedImage(input: {
  key: string;
  purpose: UploadPurpose;
  userId: string;
  field: string;
}): Promise<string> {
  const { key, field } = input;
  if (!key.startsWith(uploadPrefix(input.purpose, input.userId)) || key.includes('..'))
    throw refuse(field, 'アップロードした画像を指定してください。');
  let head;
  try {
    head = await s3().send(new HeadObjectCommand({ Bucket: config().UPLOADS_BUCKET, Key: key }));
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status === 404 || status === 403 || (error as Error).name === 'NotFound')
      throw refuse(field, '画像が見つかりません。もう一度アップロードしてください。');
    throw error;
  }
  if ((head.ContentLength ?? 0) > UPLOAD_MAX_BYTES) throw refuse(field, '画像は5MB以下にしてください。');
  if ((head.ContentLength ?? 0) === 0) throw refuse(field, '画像が空です。');
  const declared = (head.ContentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (!(uploadContentTypes as readonly string[]).includes(declared))
    throw refuse(field, '画像はJPEG・PNG・WebP形式にしてください。');
  const start = await s3().send(
    new GetObjectCommand({ Bucket: config().UPLOADS_BUCKET, Key: key, Range: 'bytes=0-15' }),
  );
  const bytes = await start.Body!.transformToByteArray();
  if (sniffImageType(bytes) !== declared) throw refuse(field, '画像はJPEG・PNG・WebP形式にしてください。');
  return key;
}

/** Stores a multipart image file after checking its size and, by its magic bytes, its type. */
export async function storeImageFile(input: {
  file: UploadedFile;
  purpose: UploadPurpose;
  userId: string;
  field: string;
}): Promise<string> {
  const { file, field } = input;
  if (file.data.length === 0) throw refuse(field, '画像が空です。');
  if (file.data.length > UPLOAD_MAX_BYTES) throw refuse(field, '画像は5MB以下にしてください。');
  const type = sniffImageType(file.data);
  if (!type) throw refuse(field, '画像はJPEG・PNG・WebP形式にしてください。');
  const key = newKey(input.purpose, input.userId, type);
  await s3().send(
    new PutObjectCommand({ Bucket: config().UPLOADS_BUCKET, Key: key, Body: file.data, ContentType: type }),
  );
  return key;
}

/** Deletes an uploaded object (a withdrawn player's picture). */
export async function deleteUpload(key: string): Promise<void> {
  await s3().send(new DeleteObjectCommand({ Bucket: config().UPLOADS_BUCKET, Key: key }));
}
