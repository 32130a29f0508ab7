import type { PresignedUpload } from '@golf/shared/schemas/guild';
import { httpHandler } from '../../adapters/http-handler';
import { forbidden } from '../../lib/errors';
import { presignImageUpload } from '../../lib/uploads';
import { presignUploadRoute } from '@golf/shared/routes/guild';

export const handler = httpHandler(presignUploadRoute, async ({ body, auth }): Promise<PresignedUpload> => {
  // Prize images are the operators' own: a player may upload a guild or profile image only.
  if (body.purpose === 'prize' && !auth.groups.includes('operators'))
    throw forbidden('賞品の画像は運営者だけがアップロードできます。');
  return presignImageUpload({ purpose: body.purpose, userId: auth.userId, contentType: body.content_type });
});
