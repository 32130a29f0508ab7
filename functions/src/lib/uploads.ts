import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { ulid } from 'ulid';
import {
  UPLOAD_MAX_BYTES,
  uploadContentTypes,
  type PresignedUpload,
  type UploadPurpose,
} from '@golf/shared/schemas/guild';
import { checkAwsAction } from './aws-access';
import { config } from './config';
import { validationFailed } from './errors';
import type { UploadedFile } from './multipart';
import { isMissingObject, s3 } from './s3-client';

/**
 * Images (guild, profile) go from the browser straight to S3 with a presigned POST whose policy
 * limits type and size; the call that uses the image sends the object key, and `attachUploadedImage`
 * checks the object, re-encodes it and copies it to a key of its own before it is referenced. Direct
 * multipart files go through `storeImageFile`, which stores them the same way.
 */
type ImageType = (typeof uploadContentTypes)[number];
const extensions: Record<ImageType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};
const PRESIGN_SECONDS = 300;

const uploadPrefix = (purpose: UploadPurpose, userId: string) =>
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
function sniffImageType(bytes: Uint8Array): ImageType | null {
  const b = Buffer.from(bytes);
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP')
    return 'image/webp';
  return null;
}

const refuse = (field: string, message: string) => validationFailed({ [field]: [message] }, message);
const notAnImage = (field: string) => refuse(field, '画像はJPEG・PNG・WebP形式にしてください。');

/** The longest side of a stored image, in pixels: enough for an icon or a guild banner on a phone. */
const STORED_IMAGE_MAX_SIDE = 640;

/**
 * Decodes an image and encodes it again as WebP, at most STORED_IMAGE_MAX_SIDE on its longest side,
 * turned upright and without its metadata (place, camera). Bytes that only start like an image (a
 * PNG signature before HTML) do not decode and are refused. What is stored is what was decoded.
 */
async function reencodeImage(bytes: Uint8Array, field: string): Promise<Buffer> {
  const type = sniffImageType(bytes);
  if (!type) throw notAnImage(field);
  // Loaded when first needed: only the calls that store an image pay for the native module.
  const { default: sharp } = await import('sharp');
  try {
    return await sharp(bytes, { limitInputPixels: 50_000_000, failOn: 'error' })
      .rotate()
      .resize(STORED_IMAGE_MAX_SIDE, STORED_IMAGE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw notAnImage(field);
  }
}

/**
 * Where attached images live: a key no presigned POST is ever made for, so once an upload is
 * checked and attached, nobody can change what is served (a presigned POST may be sent again
 * until it expires, but only to its own upload key).
 */
const attachedKey = (purpose: UploadPurpose, userId: string) =>
  `uploads/attached/${purpose}/${encodeURIComponent(userId)}/${ulid()}.webp`;

async function storeAttached(bytes: Buffer, purpose: UploadPurpose, userId: string): Promise<string> {
  const key = attachedKey(purpose, userId);
  await s3().send(
    new PutObjectCommand({
      Bucket: config().UPLOADS_BUCKET,
      Key: key,
      Body: bytes,
      ContentType: 'image/webp',
    }),
  );
  return key;
}

/**
 * Reads an uploaded object and checks it: under the caller's own prefix, present, at most 5 MB, an
 * allowed content type, bytes of that image type, and an image that decodes. Answers it re-encoded.
 */
async function readUploadedImage(input: {
  key: string;
  purpose: UploadPurpose;
  userId: string;
  field: string;
}): Promise<Buffer> {
  const { key, field } = input;
  if (!key.startsWith(uploadPrefix(input.purpose, input.userId)) || key.includes('..'))
    throw refuse(field, 'アップロードした画像を指定してください。');
  let object;
  try {
    object = await s3().send(new GetObjectCommand({ Bucket: config().UPLOADS_BUCKET, Key: key }));
  } catch (error) {
    if (isMissingObject(error))
      throw refuse(field, '画像が見つかりません。もう一度アップロードしてください。');
    throw error;
  }
  if ((object.ContentLength ?? 0) > UPLOAD_MAX_BYTES) {
    await object.Body?.transformToByteArray().catch(() => undefined);
    throw refuse(field, '画像は5MB以下にしてください。');
  }
  if ((object.ContentLength ?? 0) === 0) throw refuse(field, '画像が空です。');
  const declared = (object.ContentType ?? '').split(';')[0]!.trim().toLowerCase();
  const bytes = await object.Body!.transformToByteArray();
  if (!(uploadContentTypes as readonly string[]).includes(declared) || sniffImageType(bytes) !== declared)
    throw notAnImage(field);
  return reencodeImage(bytes, field);
}

/** Checks an uploaded object without storing anything (the confirm step); answers its key. */
export async function checkUploadedImage(input: {
  key: string;
  purpose: UploadPurpose;
  userId: string;
  field: string;
}): Promise<string> {
  await readUploadedImage(input);
  return input.key;
}

/** Attaches an uploaded object: checked, re-encoded and copied to a key of its own; answers that key. */
export async function attachUploadedImage(input: {
  key: string;
  purpose: UploadPurpose;
  userId: string;
  field: string;
}): Promise<string> {
  return storeAttached(await readUploadedImage(input), input.purpose, input.userId);
}

/** Checks a multipart image file (size, type, that it decodes); answers it re-encoded. */
export async function checkImageFile(file: UploadedFile, field: string): Promise<Buffer> {
  if (file.data.length === 0) throw refuse(field, '画像が空です。');
  if (file.data.length > UPLOAD_MAX_BYTES) throw refuse(field, '画像は5MB以下にしてください。');
  return reencodeImage(file.data, field);
}

/** Stores a multipart image file, checked and re-encoded, under a key of its own. */
export async function storeImageFile(input: {
  file: UploadedFile;
  purpose: UploadPurpose;
  userId: string;
  field: string;
}): Promise<string> {
  return storeAttached(await checkImageFile(input.file, input.field), input.purpose, input.userId);
}

/** Deletes an uploaded object (a withdrawn player's picture). */
export async function deleteUpload(key: string): Promise<void> {
  await s3().send(new DeleteObjectCommand({ Bucket: config().UPLOADS_BUCKET, Key: key }));
}

/** Writes an object the game made itself (never a player's bytes), served as it is through the CDN. */
export async function storeGeneratedObject(input: {
  key: string;
  body: Buffer | string;
  contentType: string;
  cacheControl: string;
}): Promise<void> {
  await s3().send(
    new PutObjectCommand({
      Bucket: config().UPLOADS_BUCKET,
      Key: input.key,
      Body: input.body,
      ContentType: input.contentType,
      CacheControl: input.cacheControl,
    }),
  );
}
