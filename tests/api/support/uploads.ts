import sharp from 'sharp';
import { expect } from 'vitest';
import { presignedUploadSchema } from '@golf/shared/schemas/guild';
import { api } from './api';

/** A presigned POST for an image of `purpose`, asked as the token's user (expects it granted). */
export async function presign(token: string, contentType = 'image/png', purpose = 'guild') {
  const result = await api('POST', '/api/uploads/presign', {
    token,
    body: { purpose, content_type: contentType },
  });
  expect(result.status).toBe(200);
  return presignedUploadSchema.parse(result.body);
}

/** Posts a file to the presigned URL the way a browser form does. */
export async function postToS3(
  upload: { url: string; fields: Record<string, string> },
  file: Buffer,
  type: string,
) {
  const data = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) data.append(name, value);
  data.append('file', new Blob([file], { type }), 'image');
  return fetch(upload.url, { method: 'POST', body: data });
}

/** The address of an attached image: re-encoded to WebP under a key no presigned POST reaches. */
export const attachedUrl = (purpose: string, userId: string) =>
  new RegExp(`/uploads/attached/${purpose}/${userId}/[0-9A-Z]{26}\\.webp$`);

/** The stored image: WebP, at most 640 px on its longest side, without metadata. */
export async function expectStoredImage(url: string) {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
  expect(meta.format).toBe('webp');
  expect(Math.max(meta.width, meta.height)).toBe(640);
  expect(meta.exif).toBeUndefined();
}
