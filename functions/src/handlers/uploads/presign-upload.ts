import type { PresignedUpload } from '@golf/shared/schemas/guild';
import { httpHandler } from '../../adapters/http-handler';
import { presignImageUpload } from '../../lib/uploads';
import { presignUploadRoute } from '@golf/shared/routes/guild';

export const handler = httpHandler(presignUploadRoute, async ({ body, auth }): Promise<PresignedUpload> =>
  presignImageUpload({ purpose: body.purpose, userId: auth.userId, contentType: body.content_type }),
);
