import { uploadContentTypes, type UploadPurpose } from '@golf/shared/schemas/guild';
import { api } from './api';
import { ApiError } from './api-client';

/**
 * Uploads an image straight to storage: a presigned POST from the API, then the browser's form
 * POST of its fields and the file. Returns the object's key.
 */
export async function uploadImage(file: File, purpose: UploadPurpose): Promise<string> {
  const contentType = uploadContentTypes.find((type) => type === file.type);
  if (!contentType) throw uploadRefused();
  const presigned = await api.presignUpload({ body: { purpose, content_type: contentType } });
  if (file.size > presigned.max_bytes)
    throw new ApiError({ status: 422, code: 'validation_failed', message: '画像は5MB以下にしてください。' });
  const form = new FormData();
  for (const [name, value] of Object.entries(presigned.fields)) form.append(name, value);
  form.append('file', file);
  const response = await fetch(presigned.url, { method: 'POST', body: form });
  if (!response.ok) throw uploadRefused();
  return presigned.key;
}

const uploadRefused = () =>
  new ApiError({
    status: 422,
    code: 'validation_failed',
    message:
      '画像をアップロードできませんでした。形式（JPEG・PNG・WebP）と大きさ（5MB以下）をご確認ください。',
  });
