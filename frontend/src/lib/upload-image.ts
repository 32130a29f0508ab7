import { useState } from 'react';
import { uploadContentTypes, type UploadPurpose } from '@golf/shared/schemas/guild';
import { api } from './api';
import { ApiError, isApiError } from './api-client';

/**
 * Uploads an image straight to storage: a presigned POST from the API, then the browser's form
 * POST of its fields and the file. Returns the object's key.
 */
async function uploadImage(file: File, purpose: UploadPurpose): Promise<string> {
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

/** What a refused upload says: the API's field messages, or its message. */
const uploadErrorText = (caught: unknown) =>
  isApiError(caught) && caught.errors
    ? Object.values(caught.errors).flat().join(' ')
    : caught instanceof Error
      ? caught.message
      : '画像をアップロードできませんでした。';

/**
 * A form's image chosen from a file: uploaded at once (presigned POST), its key kept for the call
 * that saves the form, and the chosen file shown as the preview meanwhile. `initialPreview` is the
 * stored image's address; `remove` clears both, for a form that then asks to drop the image.
 */
export function useImageUpload(purpose: UploadPurpose, initialPreview: string | null) {
  const [key, setKey] = useState<string | undefined>(undefined);
  const [preview, setPreview] = useState(initialPreview);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const choose = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    setUploading(true);
    try {
      setKey(await uploadImage(file, purpose));
      setPreview(URL.createObjectURL(file));
    } catch (caught) {
      setError(uploadErrorText(caught));
    } finally {
      setUploading(false);
    }
  };
  const remove = () => {
    setKey(undefined);
    setPreview(null);
  };
  return { key, preview, uploading, error, choose, remove };
}
